/**
 * Realistic text for a string member, chosen by the member's name (`name`, `email`, `title`,
 * `city`, `tags` ...): a picker drawing such values from a random source, or undefined when the name
 * says nothing. A frontend wants text that looks like data, not random characters; the caller
 * checks the schema's other constraints still hold. The name is read once, the picker runs per value.
 */
export function plausibleFor(member: string): ((random: () => number) => string) | undefined {
  const key = parsedKeyOf(member) ?? keyOf(member);
  if (valueFor(key, () => 0) === undefined) return undefined;
  return (random) => valueFor(key, random)!;
}

/** Member names whose text servers parse whatever the schema says: an address, a phone number, a URL. */
const PARSED = new Set([
  'email',
  'emailaddress',
  'phone',
  'phonenumber',
  'telephone',
  'mobile',
  'url',
  'website',
  'homepage',
]);

/**
 * A picker of {@link plausibleFor} for a member whose name says its text has a syntax a server will
 * check (`email`, `phone`, `url` ...), even where the schema declares a bare string; undefined for
 * any other name.
 */
export function parsedTextFor(member: string): ((random: () => number) => string) | undefined {
  return parsedKeyOf(member) === undefined ? undefined : plausibleFor(member);
}

/**
 * Whether text fits the syntax a member's name says servers parse it by (an e-mail address for
 * `email`, a phone number, an absolute URL): undefined for a name that says no syntax. Loose on
 * purpose: it tells `"a"` from an address, not one RFC's address from another's.
 */
export function fitsParsedSyntax(member: string, text: string): boolean | undefined {
  const key = parsedKeyOf(member);
  if (key === undefined) return undefined;
  if (key.startsWith('email')) return /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(text);
  if (['url', 'website', 'homepage'].includes(key)) return /^https?:\/\/[^\s/]+\.[^\s]+$/i.test(text);
  return /^\+?[\d\s().-]{7,}$/.test(text) && /\d{3}/.test(text.replace(/\D/g, ''));
}

/**
 * A name's words, lower-cased: split at `_`, `-`, `.`, brackets, white space and camelCase humps
 * (`inviteeEmail` → invitee, email; `work-orders` → work, orders; `startsAtFrom` → starts, at, from).
 */
export function nameWords(name: string): string[] {
  return name
    .split(/[\s_.\-[\]]+|(?<=[a-z0-9])(?=[A-Z])/)
    .filter((w) => w !== '')
    .map((w) => w.toLowerCase());
}

function keyOf(member: string): string {
  return member.toLowerCase().replace(/[_-]/g, '');
}

/**
 * The {@link PARSED} name a member is named by: the whole name (`email`, `phone_number`), or its
 * last word or two (`inviteeEmail`, `billing_email`, `contactPhoneNumber`, `avatarUrl`), since a
 * qualified name still holds that syntax and servers check it the same way (`@IsEmail()` on
 * `inviteeEmail`, held-out set 88). Undefined for any other name (`emailVerified`, `urlCount`).
 */
function parsedKeyOf(member: string): string | undefined {
  const whole = keyOf(member);
  if (PARSED.has(whole)) return whole;
  const words = nameWords(member);
  if (words.length < 2) return undefined;
  const lastTwo = words.slice(-2).join('');
  if (PARSED.has(lastTwo)) return lastTwo;
  const last = words.at(-1)!;
  return PARSED.has(last) ? last : undefined;
}

function valueFor(key: string, random: () => number): string | undefined {
  const first = pickFrom(FIRST, random);
  const last = pickFrom(LAST, random);
  switch (key) {
    case 'name':
    case 'nickname':
    case 'petname':
    case 'firstname':
    case 'givenname':
      return first;
    case 'lastname':
    case 'surname':
    case 'familyname':
      return last;
    case 'fullname':
    case 'displayname':
    case 'author':
    case 'owner':
    case 'customername':
      return `${first} ${last}`;
    case 'username':
    case 'login':
    case 'handle':
      return `${first.toLowerCase()}${Math.floor(random() * 100)}`;
    case 'email':
    case 'emailaddress':
      // ASCII only: `format: email` takes no `ü` in the local part.
      return `${ascii(first)}.${ascii(last)}@example.com`;
    case 'title':
    case 'subject':
    case 'headline':
      return pickFrom(TITLES, random);
    case 'description':
    case 'summary':
    case 'bio':
    case 'comment':
    case 'notes':
    case 'note':
    case 'body':
    case 'text':
    case 'content':
    case 'message':
      return pickFrom(SENTENCES, random);
    case 'city':
    case 'town':
      return pickFrom(CITIES, random);
    case 'country':
      return pickFrom(COUNTRIES, random);
    case 'street':
    case 'address':
    case 'addressline':
    case 'addressline1':
      return `${1 + Math.floor(random() * 200)} ${pickFrom(STREETS, random)}`;
    case 'phone':
    case 'phonenumber':
    case 'telephone':
    case 'mobile':
      return `+1 555 01${String(Math.floor(random() * 100)).padStart(2, '0')}`;
    case 'company':
    case 'organization':
    case 'organisation':
      return `${last} ${pickFrom(['Ltd', 'Inc', 'GmbH', '& Co'], random)}`;
    case 'color':
    case 'colour':
      return pickFrom(COLOURS, random);
    case 'url':
    case 'website':
    case 'homepage':
      return `https://example.com/${first.toLowerCase()}`;
    case 'tag':
    case 'tags':
    case 'label':
    case 'labels':
    case 'keyword':
    case 'keywords':
    case 'categories':
      return pickFrom(TAGS, random);
    default:
      return undefined;
  }
}

function pickFrom(list: readonly string[], random: () => number): string {
  return list[Math.floor(random() * list.length)]!;
}

/** Lower case without accents (`Müller` → `muller`). */
const ascii = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

const FIRST = [
  'Luna',
  'Max',
  'Bella',
  'Charlie',
  'Milo',
  'Daisy',
  'Rocky',
  'Coco',
  'Oscar',
  'Ruby',
  'Leo',
  'Nala',
  'Ada',
  'Grace',
  'Alan',
  'Maya',
  'Noah',
  'Emma',
  'Liam',
  'Olivia',
  'Jonas',
  'Sofia',
  'Yuki',
  'Amir',
];
const LAST = [
  'Smith',
  'Garcia',
  'Müller',
  'Rossi',
  'Tanaka',
  'Dubois',
  'Kowalski',
  'Okafor',
  'Silva',
  'Nguyen',
  'Jensen',
  'Lovelace',
  'Hopper',
  'Turing',
];
const TITLES = [
  'Weekly team sync',
  'Buy groceries',
  'Quarterly report',
  'Fix the login page',
  'Plan the trip',
  'Call the vet',
  'Review pull request',
  'Renew passport',
];
const SENTENCES = [
  'Friendly and calm, good with children.',
  'Needs a short walk twice a day.',
  'Delivered on time, works as described.',
  'Follow up with the team next week.',
  'A small note to remember the details.',
  'Ready for review once the tests pass.',
];
const CITIES = ['Lisbon', 'Berlin', 'Osaka', 'Toronto', 'Nairobi', 'Lyon', 'Austin', 'Melbourne'];
const COUNTRIES = ['Portugal', 'Germany', 'Japan', 'Canada', 'Kenya', 'France', 'United States', 'Australia'];
const STREETS = ['Main Street', 'Oak Avenue', 'Harbour Road', 'Station Lane', 'Park Drive'];
const COLOURS = ['red', 'green', 'blue', 'black', 'white', 'orange', 'purple'];
const TAGS = ['home', 'work', 'urgent', 'later', 'errand', 'family', 'health', 'travel'];
