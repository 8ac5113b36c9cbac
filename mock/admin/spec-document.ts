import type { SpecModel } from '../../spec/index.js';
import { type Answer, jsonAnswer } from '../answer.js';

const cache = new WeakMap<SpecModel, string>();

/**
 * `GET /__mock/openapi.json`: the spec being served, as one JSON document (the bundled source, every
 * `$ref` local), so a frontend's client generator or a docs viewer can read it from the mock. Follows
 * reloads; rendered once per loaded spec.
 */
export function specDocument(spec: SpecModel): Answer {
  let json = cache.get(spec);
  if (json === undefined) {
    json = JSON.stringify(spec.source);
    cache.set(spec, json);
  }
  return jsonAnswer(200, json);
}
