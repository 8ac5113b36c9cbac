import type { OperationModel } from '../../../spec/index.js';
import type { CollectionModel } from '../../../spec/resources/index.js';
import type { RegisteredCheck } from '../../checks/index.js';
import { findingOf } from '../../checks/index.js';
import { idOfItem } from './items.js';

/**
 * A read of an item the target itself named answers that item: the id member of its body is the id
 * asked. Judged only where the id was harvested from the target's own answers (the case claims it
 * exists, so no alias or other spelling of it is in play), the answer is 2xx with the schema the
 * resource model took as the item's, and that body carries the id member at all. A uuid is compared
 * without case (RFC 9562 §4: the hex digits are case-insensitive). Rests on the id inference, which it names.
 */
export function readIdentityCheck(read: OperationModel, collection: CollectionModel): RegisteredCheck | undefined {
  const id = collection.id;
  const member = id?.member;
  if (!id || !member || !collection.itemSchema) return undefined;
  const parameter = id.parameter;
  const key = (text: string) => (id.kind === 'uuid' ? text.toLowerCase() : text);
  return {
    name: () => 'semantics.read_identity',
    run: ({ exchange }) => {
      const r = exchange.response;
      const c = exchange.case;
      if (!r || r.status < 200 || r.status >= 300 || c.kind !== 'valid' || !c.existing?.includes(parameter)) return [];
      if (read.responseFor(r.status)?.schema?.schema !== collection.itemSchema) return [];
      const asked = c.pathParams[parameter];
      const answered = idOfItem(collection, r.exactJson ?? r.json);
      if (asked === undefined || answered === undefined || key(answered) === key(asked)) return [];
      return [
        findingOf(exchange, {
          code: 'semantic_violation',
          severity: 'failure',
          check: 'semantics.read_identity',
          evidence: {
            rule: 'read-other-item',
            read: read.operationId,
            parameter,
            asked,
            member,
            answered,
            inference: id.reason,
          },
        }),
      ];
    },
  };
}
