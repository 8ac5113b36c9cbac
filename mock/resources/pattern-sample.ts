/**
 * A string an ECMA-262 `pattern` accepts, for generated values (ids like `^ME[0-9a-fA-F]{32}$`,
 * codes like `^[A-Z]{3}$`). Handles what schemas use: literals and escapes, classes (`[a-z0-9_-]`,
 * `\d`, `\w`, `\s`, `.`), groups with alternation, and the quantifiers `? * + {n} {n,} {n,m}` (the
 * smallest count that is at least one, so optional parts show). Anchors are dropped; an unanchored
 * pattern matches anywhere, which the output still does. Returns undefined for what it cannot read
 * (lookarounds, backreferences); the caller validates the result either way.
 */
export function patternSample(pattern: string, minLength = 0): string | undefined {
  try {
    const parser = new Parser(pattern);
    const node = parser.alternation();
    if (parser.i < pattern.length) return undefined;
    const out = emit(node);
    // Padding with the last character is a guess (the caller validates): anchored patterns usually fix lengths.
    return out.length < minLength ? out.padEnd(minLength, out.at(-1) ?? 'x') : out;
  } catch {
    return undefined;
  }
}

type Node =
  | { readonly kind: 'seq'; readonly items: Node[] }
  | { readonly kind: 'alt'; readonly options: Node[] }
  | { readonly kind: 'char'; readonly value: string }
  | { readonly kind: 'repeat'; readonly node: Node; readonly min: number; readonly max: number };

class Unsupported extends Error {}

class Parser {
  i = 0;
  constructor(private readonly source: string) {}

  alternation(): Node {
    const options = [this.sequence()];
    while (this.source[this.i] === '|') {
      this.i++;
      options.push(this.sequence());
    }
    return options.length === 1 ? options[0]! : { kind: 'alt', options };
  }

  sequence(): Node {
    const items: Node[] = [];
    while (this.i < this.source.length && this.source[this.i] !== '|' && this.source[this.i] !== ')') {
      const atom = this.atom();
      if (atom) items.push(this.quantified(atom));
    }
    return { kind: 'seq', items };
  }

  atom(): Node | undefined {
    const c = this.source[this.i++]!;
    switch (c) {
      case '^':
      case '$':
        return undefined;
      case '(': {
        if (this.source[this.i] === '?') {
          if (this.source[this.i + 1] !== ':') throw new Unsupported();
          this.i += 2;
        }
        const inner = this.alternation();
        if (this.source[this.i++] !== ')') throw new Unsupported();
        return inner;
      }
      case '[':
        return this.charClass();
      case '.':
        return { kind: 'char', value: 'a' };
      case '\\':
        return { kind: 'char', value: this.escape(false) };
      default:
        if ('*+?'.includes(c)) throw new Unsupported();
        return { kind: 'char', value: c };
    }
  }

  escape(inClass: boolean): string {
    const c = this.source[this.i++];
    if (c === undefined) throw new Unsupported();
    switch (c) {
      case 'd':
        return '0';
      case 'w':
        return 'a';
      case 's':
        return ' ';
      case 'D':
      case 'W':
      case 'S':
        return c === 'D' ? 'a' : c === 'W' ? '-' : 'a';
      case 'n':
        return '\n';
      case 't':
        return '\t';
      case 'r':
        return '\r';
      case 'b':
        if (inClass) return '\b';
        throw new Unsupported();
      case 'u': {
        const hex = this.source.slice(this.i, this.i + 4);
        if (!/^[0-9a-fA-F]{4}$/.test(hex)) throw new Unsupported();
        this.i += 4;
        return String.fromCharCode(Number.parseInt(hex, 16));
      }
      case 'x': {
        const hex = this.source.slice(this.i, this.i + 2);
        if (!/^[0-9a-fA-F]{2}$/.test(hex)) throw new Unsupported();
        this.i += 2;
        return String.fromCharCode(Number.parseInt(hex, 16));
      }
      default:
        if (/[1-9]/.test(c) && !inClass) throw new Unsupported();
        return c;
    }
  }

  /** The first member of a class: the first range's start or the first character (negated classes: a letter outside them). */
  charClass(): Node {
    const negated = this.source[this.i] === '^';
    if (negated) this.i++;
    const members: [string, string][] = [];
    let first = true;
    while (this.i < this.source.length && (this.source[this.i] !== ']' || first)) {
      first = false;
      let start = this.source[this.i++]!;
      if (start === '\\') start = this.classEscape();
      let end = start;
      if (this.source[this.i] === '-' && this.source[this.i + 1] !== ']' && this.i + 1 < this.source.length) {
        this.i++;
        end = this.source[this.i++]!;
        if (end === '\\') end = this.classEscape();
      }
      members.push([start, end]);
    }
    if (this.source[this.i++] !== ']') throw new Unsupported();
    if (!negated) {
      // Prefer a letter or digit when the class has one: friendlier ids.
      const nice = members.find(([s]) => /[A-Za-z0-9]/.test(s));
      return { kind: 'char', value: (nice ?? members[0] ?? ['a'])[0] };
    }
    for (const candidate of 'abcxyzABC0123456789_-. ') {
      if (!members.some(([s, e]) => candidate >= s && candidate <= e)) return { kind: 'char', value: candidate };
    }
    throw new Unsupported();
  }

  classEscape(): string {
    const c = this.source[this.i];
    // \d, \w, \s inside a class stand for a member of theirs.
    if (c === 'd' || c === 'w' || c === 's') {
      this.i++;
      return c === 'd' ? '0' : c === 'w' ? 'a' : ' ';
    }
    return this.escape(true);
  }

  quantified(node: Node): Node {
    const c = this.source[this.i];
    let min = 1;
    let max = 1;
    if (c === '?' || c === '*') {
      // Zero is allowed, but one copy shows the optional part (and keeps minLength easier to meet).
      max = c === '?' ? 1 : Number.POSITIVE_INFINITY;
      this.i++;
    } else if (c === '+') {
      max = Number.POSITIVE_INFINITY;
      this.i++;
    } else if (c === '{') {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(this.source.slice(this.i));
      if (!m) return node;
      this.i += m[0].length;
      min = Number(m[1]);
      max = m[2] === undefined ? min : m[3] === '' ? Number.POSITIVE_INFINITY : Number(m[3]);
    } else return node;
    // A lazy or possessive marker changes nothing for generation.
    if (this.source[this.i] === '?') this.i++;
    return { kind: 'repeat', node, min, max };
  }
}

function emit(node: Node): string {
  switch (node.kind) {
    case 'char':
      return node.value;
    case 'seq':
      return node.items.map(emit).join('');
    case 'alt':
      // The first non-empty option: `(a|)` still yields something visible.
      return emit(node.options.find((o) => emit(o) !== '') ?? node.options[0]!);
    case 'repeat': {
      const count = Math.max(node.min, Math.min(1, node.max));
      return emit(node.node).repeat(count);
    }
  }
}
