/**
 * A realistic value for a string member, chosen by the member's name (`name`, `email`, `title`,
 * `city` ...), or undefined when the name says nothing. json-schema-faker fills such members with
 * lorem ipsum; a frontend wants text that looks like data. The caller checks the schema still holds.
 */
export function plausibleValue(member: string, random: () => number): string | undefined {
  const key = member.toLowerCase().replace(/[_-]/g, '');
  const pick = (list: readonly string[]) => list[Math.floor(random() * list.length)]!;
  const first = pick(FIRST);
  const last = pick(LAST);
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
      return `${first.toLowerCase()}.${last.toLowerCase()}@example.com`;
    case 'title':
    case 'subject':
    case 'headline':
      return pick(TITLES);
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
      return pick(SENTENCES);
    case 'city':
    case 'town':
      return pick(CITIES);
    case 'country':
      return pick(COUNTRIES);
    case 'street':
    case 'address':
    case 'addressline':
    case 'addressline1':
      return `${1 + Math.floor(random() * 200)} ${pick(STREETS)}`;
    case 'phone':
    case 'phonenumber':
    case 'telephone':
    case 'mobile':
      return `+1 555 01${String(Math.floor(random() * 100)).padStart(2, '0')}`;
    case 'company':
    case 'organization':
    case 'organisation':
      return `${last} ${pick(['Ltd', 'Inc', 'GmbH', '& Co'])}`;
    case 'color':
    case 'colour':
      return pick(COLOURS);
    case 'url':
    case 'website':
    case 'homepage':
      return `https://example.com/${first.toLowerCase()}`;
    default:
      return undefined;
  }
}

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
