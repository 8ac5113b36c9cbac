import { singular } from '../../spec/resources/names.js';
import { examplesOf } from './item-schema.js';
import { patternValue } from '../../spec/generate/index.js';
import type { Collection } from './resource-state.js';

/**
 * A new item's id, by the id's kind: the next integer, a uuid, or a string the id schema takes (the
 * counter, the counter written into the schema's example or over a value its pattern takes, a uuid).
 */
export function mintId(collection: Collection, scope: readonly string[]): unknown {
  const kind = collection.model.id?.kind ?? 'integer';
  if (kind === 'integer') return collection.store.mintInteger();
  if (kind === 'uuid') return crypto.randomUUID();
  for (let attempt = 0; attempt < 100; attempt++) {
    const n = collection.store.mintInteger();
    // A string id the id schema takes: the counter, the counter written into the schema's example (`an_k2v81q` → `an_000007`), a uuid.
    const fromExamples = examplesOf(collection.model.id?.schema)
      .filter((e): e is string => typeof e === 'string')
      .map((e) => counterInto(e, n));
    // And the counter written over the end of a value the id's pattern takes (`^ZX[0-9a-f]{32}$` → `ZX0…07`).
    const idSchema = collection.model.id?.schema;
    const patterned =
      typeof idSchema?.pattern === 'string'
        ? patternValue(idSchema.pattern, typeof idSchema.minLength === 'number' ? idSchema.minLength : 0)
        : undefined;
    const fromPattern =
      patterned === undefined || patterned.length < String(n).length
        ? []
        : [patterned.slice(0, patterned.length - String(n).length) + String(n)];
    const candidates = [
      String(n),
      ...fromExamples,
      ...fromPattern,
      crypto.randomUUID(),
      `${singular(collection.model.name)}-${n}`,
    ];
    const id = candidates.find((c) => collection.id?.validate(c).ok ?? true) ?? candidates[0]!;
    if (!collection.store.has(scope, id)) return id;
  }
  return crypto.randomUUID();
}

/** An example id with its last run of letters and digits replaced by the counter, as wide as the run. */
function counterInto(example: string, n: number): string {
  const m = /[0-9A-Za-z]+$/.exec(example);
  if (!m) return `${example}${n}`;
  const run = m[0];
  const digits = /^\d+$/.test(run) ? String(n) : n.toString(36);
  const written = /^[A-Z0-9]+$/.test(run) && /[A-Z]/.test(run) ? digits.toUpperCase() : digits;
  return example.slice(0, m.index) + written.padStart(run.length, '0');
}
