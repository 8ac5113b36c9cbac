import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { SpecModel } from '../spec/index.js';
import { seedPets } from './animal-store.js';
import type { StoredPet } from './store.js';

/** The seed data shipped with the project. */
export const DEFAULT_SEED_FILE = fileURLToPath(new URL('../fixtures/pets.json', import.meta.url));

/** Reads the seed pets and checks each against the spec's `Pet` schema, so the store never serves an invalid pet. */
export function loadSeedPets(spec: SpecModel, file: string = DEFAULT_SEED_FILE): StoredPet[] {
  return seedPets(spec, JSON.parse(readFileSync(file, 'utf8')) as unknown, file);
}
