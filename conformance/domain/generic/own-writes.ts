import { isSafeMethod, type OperationModel } from '../../../spec/index.js';
import type { CollectionModel } from '../../../spec/resources/index.js';
import type { Exchange } from '../../cases/index.js';
import type { RequestRecord } from '../../findings/index.js';

/** When an exchange was under way, in the kit's clock (performance.now()). */
export interface Window {
  readonly from: number;
  readonly to: number;
}

/** One write the run sent: its route, the values of its path, and when it was under way. */
interface Write {
  readonly method: string;
  readonly path: string;
  readonly pathParams: Readonly<Record<string, string>>;
  readonly window: Window;
}

/**
 * What a DELETE of `path` may have removed of a collection: all its items (the collection itself, a
 * parent, a clear), the one item it names, or nothing.
 */
export function freedBy(
  path: string,
  pathParams: Readonly<Record<string, string>>,
  collection: CollectionModel,
): { readonly all: true } | { readonly id: string } | undefined {
  const prefix = `${path.replace(/\/$/, '')}/`;
  if (collection.path === path || collection.path.startsWith(prefix)) return { all: true };
  const id = collection.itemPath === path && collection.id ? pathParams[collection.id.parameter] : undefined;
  return id === undefined ? undefined : { id };
}

/**
 * The run's own writes and when each exchange was under way, so that a rule comparing two states of
 * the target (a count beside a list, an id shown before and handed out again) is not held to a
 * difference the kit's own concurrent writes explain: properties run side by side, and a write in
 * flight may take effect between the two reads a server makes for one answer (held-out set 159: a
 * `COUNT(*)` and a `SELECT` apart by one creation), or between an answer and the next.
 *
 * Windows are kept by the request record a finding carries (`findingOf` keeps the exchange's own).
 */
export class OwnWrites {
  private readonly windows = new WeakMap<RequestRecord, Window>();
  private readonly writes: Write[] = [];

  /** Notes an exchange as it completes (the run's observer sees every one, in order of completion). */
  observe(exchange: Exchange, operation: OperationModel): Window {
    const window = windowOf(exchange);
    this.windows.set(exchange.request, window);
    const method = (exchange.case.method ?? operation.method).toLowerCase();
    if (!isSafeMethod(method))
      this.writes.push({ method, path: operation.path, pathParams: exchange.case.pathParams, window });
    return window;
  }

  /** When the exchange a finding's request belongs to was under way, if the run observed it. */
  windowOf(request: RequestRecord): Window | undefined {
    return this.windows.get(request);
  }

  /** The writes of the run that may have changed `collection`'s items while `window` was under way. */
  writesDuring(window: Window, collection: CollectionModel): string[] {
    return this.writes
      .filter(
        (w) =>
          w.window.from < window.to &&
          w.window.to > window.from &&
          (w.path === collection.path ||
            w.path === collection.itemPath ||
            (collection.itemPath !== undefined && w.path.startsWith(`${collection.itemPath}/`)) ||
            (w.method === 'delete' && freedBy(w.path, w.pathParams, collection) !== undefined)),
      )
      .map((w) => `${w.method.toUpperCase()} ${w.path}`);
  }

  /**
   * A DELETE of the run that may have freed `id` of `collection` after `shownAt` and before `window`
   * ended: it was sent before the answer came and had not been answered when the id was shown.
   */
  deleteFreeing(shownAt: number, window: Window, collection: CollectionModel, id: string): string | undefined {
    const write = this.writes.find((w) => {
      if (w.method !== 'delete' || w.window.from >= window.to || w.window.to <= shownAt) return false;
      const freed = freedBy(w.path, w.pathParams, collection);
      return freed !== undefined && ('all' in freed || freed.id === id);
    });
    return write && `DELETE ${write.path}`;
  }
}

/** When an exchange was under way: from its answer's timing, or, with no answer, up to now. */
function windowOf(exchange: Exchange): Window {
  const r = exchange.response;
  if (r) return { from: r.sentAt, to: r.sentAt + r.durationMs };
  const to = performance.now();
  return { from: to - exchange.failure.durationMs, to };
}
