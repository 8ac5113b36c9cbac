/**
 * The example app's page logic: plain DOM, no framework. Compiled for the browser by serve.ts
 * (esbuild). Settings come from the form, pre-filled from `?api=...&key=...`.
 */
import {
  type ApiSettings,
  type PetStatus,
  type Pet,
  type Result,
  createPet,
  getPet,
  listPets,
  resetMock,
} from './api.js';

const DEFAULT_BASE_URL = 'http://127.0.0.1:4010/v1';
const DEFAULT_KEY = 'dev-key';

function $<T extends HTMLElement>(id: string): T {
  const element = document.getElementById(id);
  if (!element) throw new Error(`#${id} is missing from the page`);
  return element as T;
}

const baseUrl = $<HTMLInputElement>('base-url');
const apiKey = $<HTMLInputElement>('api-key');
const breakKey = $<HTMLInputElement>('break-key');
const delay = $<HTMLInputElement>('delay');
const filter = $<HTMLSelectElement>('filter');
const pets = $<HTMLDivElement>('pets');
const petsMessage = $<HTMLDivElement>('pets-message');
const petsBody = $<HTMLTableElement>('pets-table').tBodies[0]!;
const addForm = $<HTMLFormElement>('add-form');
const addResult = $<HTMLParagraphElement>('add-result');
const lookupForm = $<HTMLFormElement>('lookup-form');
const lookupResult = $<HTMLDivElement>('lookup-result');
const force404 = $<HTMLInputElement>('force-404');

const params = new URLSearchParams(location.search);
baseUrl.value = params.get('api') ?? DEFAULT_BASE_URL;
apiKey.value = params.get('key') ?? DEFAULT_KEY;
$('origin').textContent = `page: ${location.origin}`;

function settings(extra: Partial<ApiSettings> = {}): ApiSettings {
  return {
    baseUrl: baseUrl.value.trim(),
    // "Break the key" sends a key the server cannot know, to show the 401 state.
    apiKey: breakKey.checked ? `${apiKey.value}-broken` : apiKey.value,
    delayMs: Math.max(0, Number(delay.value) || 0),
    ...extra,
  };
}

/** Text of a failed call, in the words a user needs. */
function describeFailure(result: Exclude<Result<unknown>, { kind: 'ok' }>): { title: string; detail: string } {
  if (result.kind === 'network') {
    return {
      title: 'No answer from the API',
      detail: `The request to ${baseUrl.value} failed before any answer could be read: the server is down, or its CORS settings do not allow this page's origin (${location.origin}).`,
    };
  }
  if (result.status === 401) {
    return {
      title: '401 · Not authorised',
      detail: `The API refused the key (${result.code}: ${result.message}). Check the API key, or untick “Break the key”.`,
    };
  }
  if (result.status === 404) return { title: '404 · Not found', detail: `${result.code}: ${result.message}` };
  return { title: `${result.status} · ${result.code}`, detail: result.message };
}

function failureBox(result: Exclude<Result<unknown>, { kind: 'ok' }>): HTMLElement {
  const { title, detail } = describeFailure(result);
  const box = document.createElement('div');
  box.className = 'failure';
  box.setAttribute('role', 'alert');
  box.dataset.status = result.kind === 'http' ? String(result.status) : 'network';
  const strong = document.createElement('strong');
  strong.textContent = title;
  const text = document.createElement('p');
  text.textContent = detail;
  box.append(strong, text);
  return box;
}

function statusBadge(status: PetStatus | undefined): HTMLElement {
  const badge = document.createElement('span');
  badge.className = `badge ${status ?? 'none'}`;
  badge.textContent = status ?? '—';
  return badge;
}

// The pet this page added last, highlighted in the list.
let lastAddedId: number | undefined;

function petRow(pet: Pet): HTMLTableRowElement {
  const row = document.createElement('tr');
  row.dataset.id = String(pet.id);
  if (pet.id === lastAddedId) row.className = 'new';
  const cells = [String(pet.id), pet.name, String(pet.categoryId)].map((text, i) => {
    const cell = document.createElement('td');
    cell.textContent = text;
    if (i !== 1) cell.className = 'num';
    return cell;
  });
  const status = document.createElement('td');
  status.append(statusBadge(pet.status));
  row.append(...cells, status);
  return row;
}

// Answers can come back out of order (a slow request, then a fast one): only the latest counts.
let listSequence = 0;

async function refreshList(): Promise<void> {
  const sequence = ++listSequence;
  pets.dataset.state = 'loading';
  pets.setAttribute('aria-busy', 'true');
  petsMessage.replaceChildren(Object.assign(document.createElement('span'), { className: 'spinner' }), 'Loading pets…');
  const result = await listPets(settings(), (filter.value || undefined) as PetStatus | undefined);
  if (sequence !== listSequence) return;
  pets.removeAttribute('aria-busy');
  if (result.kind !== 'ok') {
    pets.dataset.state = 'error';
    petsBody.replaceChildren();
    petsMessage.replaceChildren(failureBox(result));
    return;
  }
  petsBody.replaceChildren(...result.value.map(petRow));
  pets.dataset.state = result.value.length === 0 ? 'empty' : 'ready';
  const shown = `${result.value.length} pet${result.value.length === 1 ? '' : 's'}`;
  petsMessage.replaceChildren(
    result.value.length === 0
      ? 'No pets match this filter.'
      : filter.value
        ? `${shown} with status ${filter.value}`
        : shown,
  );
}

addForm.addEventListener('submit', (event) => {
  event.preventDefault();
  void (async () => {
    const data = new FormData(addForm);
    const name = String(data.get('name') ?? '').trim();
    addResult.dataset.state = 'loading';
    addResult.textContent = 'Adding…';
    const result = await createPet(settings(), {
      name,
      categoryId: Number(data.get('categoryId')),
      status: data.get('status') as PetStatus,
    });
    if (result.kind !== 'ok') {
      addResult.dataset.state = 'error';
      addResult.replaceChildren(failureBox(result));
      return;
    }
    addResult.dataset.state = 'ok';
    lastAddedId = result.value.id;
    addResult.textContent = `Added ${result.value.name} as #${result.value.id}.`;
    addForm.reset();
    await refreshList();
  })();
});

lookupForm.addEventListener('submit', (event) => {
  event.preventDefault();
  void (async () => {
    const id = $<HTMLInputElement>('lookup-id').value.trim();
    lookupResult.dataset.state = 'loading';
    lookupResult.textContent = 'Loading…';
    const result = await getPet(settings(force404.checked ? { prefer: 'code=404' } : {}), id);
    if (result.kind !== 'ok') {
      lookupResult.dataset.state = 'error';
      lookupResult.replaceChildren(failureBox(result));
      return;
    }
    lookupResult.dataset.state = 'ok';
    const pet = result.value;
    const line = document.createElement('p');
    line.append(`#${pet.id} ${pet.name} · category ${pet.categoryId} `, statusBadge(pet.status));
    lookupResult.replaceChildren(line);
  })();
});

$('refresh').addEventListener('click', () => void refreshList());
$('reset').addEventListener('click', () => {
  void (async () => {
    const result = await resetMock(settings());
    addResult.dataset.state = result.kind === 'ok' ? 'ok' : 'error';
    addResult.replaceChildren(
      result.kind === 'ok' ? `Mock reset: ${result.value.pets} seed pets.` : failureBox(result),
    );
    await refreshList();
  })();
});
for (const input of [filter, breakKey, baseUrl, apiKey]) input.addEventListener('change', () => void refreshList());

void refreshList();
