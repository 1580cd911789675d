/**
 * GitBook's visibility conditions (`visitor.claims.isBeta && visitor.claims.plan === "pro"`) read visitor claims,
 * which are attacker-controlled JSON. GitBook runs them as JavaScript; Folio never does (no eval, no Function):
 * a small tokenizer and recursive-descent parser accept the subset of JavaScript conditions use, and an
 * evaluator walks the tree reading only own properties of plain data, so a condition can neither run code nor
 * reach a prototype. A condition that does not parse is false for every visitor.
 */

type Expr =
  | { kind: 'literal'; value: unknown }
  | { kind: 'visitor' }
  | { kind: 'array'; items: Expr[] }
  | { kind: 'member'; object: Expr; property: Expr }
  | { kind: 'includes'; object: Expr; argument: Expr }
  | { kind: 'not'; operand: Expr }
  | { kind: 'negate'; operand: Expr }
  | { kind: 'binary'; op: BinaryOp; left: Expr; right: Expr };

type BinaryOp = '&&' | '||' | '==' | '===' | '!=' | '!==' | '<' | '<=' | '>' | '>=';

type ParsedCondition = { ok: true; expr: Expr } | { ok: false; error: string };

interface Token {
  type: 'number' | 'string' | 'name' | 'punct' | 'end';
  value: string | number;
  /** 1-based column, for messages. */
  at: number;
}

const PUNCTUATION = ['===', '!==', '==', '!=', '<=', '>=', '&&', '||', '?.', '<', '>', '!', '.', '[', ']', '(', ')', ',', '-'];
/** Properties never read, whatever the data holds: the ways to a prototype. */
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
const MAX_DEPTH = 64;

class ConditionSyntaxError extends Error {}

function fail(message: string): never {
  throw new ConditionSyntaxError(message);
}

function describe(token: Token): string {
  return token.type === 'end' ? 'end of condition' : `"${token.type === 'string' ? JSON.stringify(token.value) : token.value}" at position ${token.at}`;
}

const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', v: '\v', '0': '\0' };

function readString(text: string, start: number): { value: string; end: number } {
  const quote = text[start];
  let value = '';
  let i = start + 1;
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === quote) return { value, end: i + 1 };
    if (ch === '\n') break;
    if (ch === '\\') {
      const next = text[i + 1];
      if (next === undefined) break;
      if (next === 'u') {
        const hex = text.slice(i + 2, i + 6);
        if (!/^[0-9a-fA-F]{4}$/.test(hex)) fail(`bad \\u escape at position ${i + 1}`);
        value += String.fromCharCode(parseInt(hex, 16));
        i += 6;
        continue;
      }
      value += ESCAPES[next] ?? next;
      i += 2;
      continue;
    }
    value += ch;
    i += 1;
  }
  return fail(`unterminated string starting at position ${start + 1}`);
}

export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    if (/\s/.test(ch)) {
      i += 1;
      continue;
    }
    const at = i + 1;
    if (ch === '"' || ch === "'") {
      const { value, end } = readString(text, i);
      tokens.push({ type: 'string', value, at });
      i = end;
      continue;
    }
    const number = /^(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/.exec(text.slice(i));
    if (number && (/\d/.test(ch) || (ch === '.' && /\d/.test(text[i + 1] ?? '')))) {
      tokens.push({ type: 'number', value: Number(number[0]), at });
      i += number[0].length;
      continue;
    }
    const name = /^[A-Za-z_$][\w$]*/.exec(text.slice(i));
    if (name) {
      tokens.push({ type: 'name', value: name[0], at });
      i += name[0].length;
      continue;
    }
    const punct = PUNCTUATION.find((p) => text.startsWith(p, i));
    if (!punct) fail(`unexpected character "${ch}" at position ${at}`);
    // Optional chaining changes nothing here: every read is already safe on a missing value.
    tokens.push({ type: 'punct', value: punct === '?.' ? '.' : punct, at });
    i += punct.length;
    if (punct === '?.' && (text[i] === '[' || text[i] === '(')) tokens.pop();
  }
  tokens.push({ type: 'end', value: '', at: text.length + 1 });
  return tokens;
}

class Parser {
  private index = 0;
  private depth = 0;

  constructor(private readonly tokens: Token[]) {}

  parse(): Expr {
    if (this.peek().type === 'end') fail('the condition is empty');
    const expr = this.or();
    if (this.peek().type !== 'end') fail(`unexpected ${describe(this.peek())}`);
    return expr;
  }

  private peek(): Token {
    return this.tokens[this.index]!;
  }

  private next(): Token {
    return this.tokens[this.index++]!;
  }

  private isPunct(...values: string[]): boolean {
    const token = this.peek();
    return token.type === 'punct' && values.includes(token.value as string);
  }

  private expect(value: string): void {
    if (!this.isPunct(value)) fail(`expected "${value}" but found ${describe(this.peek())}`);
    this.index += 1;
  }

  private nested<T>(work: () => T): T {
    this.depth += 1;
    if (this.depth > MAX_DEPTH) fail(`the condition is nested more than ${MAX_DEPTH} levels deep`);
    try {
      return work();
    } finally {
      this.depth -= 1;
    }
  }

  private binary(ops: BinaryOp[], operand: () => Expr): Expr {
    let left = operand();
    while (this.isPunct(...ops)) {
      const op = this.next().value as BinaryOp;
      left = { kind: 'binary', op, left, right: operand() };
    }
    return left;
  }

  private or = (): Expr => this.nested(() => this.binary(['||'], this.and));
  private and = (): Expr => this.binary(['&&'], this.equality);
  private equality = (): Expr => this.binary(['===', '!==', '==', '!='], this.relational);
  private relational = (): Expr => this.binary(['<=', '>=', '<', '>'], this.unary);

  private unary = (): Expr =>
    this.nested(() => {
      if (this.isPunct('!')) {
        this.next();
        return { kind: 'not', operand: this.unary() };
      }
      if (this.isPunct('-')) {
        this.next();
        return { kind: 'negate', operand: this.unary() };
      }
      return this.postfix();
    });

  private postfix(): Expr {
    let expr = this.primary();
    for (;;) {
      if (this.isPunct('.')) {
        this.next();
        const name = this.next();
        if (name.type !== 'name') fail(`expected a property name but found ${describe(name)}`);
        if (this.isPunct('(')) {
          if (name.value !== 'includes') fail(`unknown method "${name.value}" at position ${name.at} (only .includes(...) is supported)`);
          this.next();
          const argument = this.or();
          this.expect(')');
          expr = { kind: 'includes', object: expr, argument };
          continue;
        }
        expr = { kind: 'member', object: expr, property: { kind: 'literal', value: name.value } };
      } else if (this.isPunct('[')) {
        this.next();
        const property = this.or();
        this.expect(']');
        expr = { kind: 'member', object: expr, property };
      } else if (this.isPunct('(')) {
        fail(`only .includes(...) can be called (position ${this.peek().at})`);
      } else {
        return expr;
      }
    }
  }

  private primary(): Expr {
    const token = this.next();
    if (token.type === 'number' || token.type === 'string') return { kind: 'literal', value: token.value };
    if (token.type === 'name') {
      switch (token.value) {
        case 'true':
          return { kind: 'literal', value: true };
        case 'false':
          return { kind: 'literal', value: false };
        case 'null':
          return { kind: 'literal', value: null };
        case 'undefined':
          return { kind: 'literal', value: undefined };
        case 'visitor':
          return { kind: 'visitor' };
        default:
          return fail(`unknown name "${token.value}" at position ${token.at} (conditions read visitor.claims)`);
      }
    }
    if (token.type === 'punct' && token.value === '(') {
      const expr = this.or();
      this.expect(')');
      return expr;
    }
    if (token.type === 'punct' && token.value === '[') {
      const items: Expr[] = [];
      while (!this.isPunct(']')) {
        items.push(this.or());
        if (!this.isPunct(']')) this.expect(',');
      }
      this.next();
      return { kind: 'array', items };
    }
    return fail(`unexpected ${describe(token)}`);
  }
}

/** The condition's tree, or what is wrong with it, in words an API error can carry. */
export function parseCondition(text: string): ParsedCondition {
  try {
    return { ok: true, expr: new Parser(tokenize(text)).parse() };
  } catch (error) {
    if (error instanceof ConditionSyntaxError) return { ok: false, error: error.message };
    throw error;
  }
}

/** Why a condition cannot be saved, or undefined when it parses (written as "condition: <this>" by the API). */
export function conditionError(text: string): string | undefined {
  const parsed = parseCondition(text);
  return parsed.ok ? undefined : parsed.error;
}

/** Reads an own property of JSON data; anything else (prototypes, functions, missing values) is undefined. */
function readProperty(object: unknown, key: unknown): unknown {
  if (typeof key !== 'string' && typeof key !== 'number') return undefined;
  const name = String(key);
  if (FORBIDDEN_KEYS.has(name)) return undefined;
  if (typeof object === 'string') {
    if (name === 'length') return object.length;
    return /^\d+$/.test(name) ? object[Number(name)] : undefined;
  }
  if (object === null || typeof object !== 'object') return undefined;
  if (!Object.prototype.hasOwnProperty.call(object, name)) return undefined;
  const value = (object as Record<string, unknown>)[name];
  return typeof value === 'function' ? undefined : value;
}

function compare(op: '<' | '<=' | '>' | '>=', a: unknown, b: unknown): boolean {
  // Only numbers with numbers and strings with strings: JavaScript's coercions elsewhere surprise authors.
  const comparable = (typeof a === 'number' && typeof b === 'number') || (typeof a === 'string' && typeof b === 'string');
  if (!comparable) return false;
  const x = a as number | string;
  const y = b as number | string;
  return op === '<' ? x < y : op === '<=' ? x <= y : op === '>' ? x > y : x >= y;
}

/** Loose equality on data, as JavaScript's `==` between primitives; objects and arrays equal only themselves. */
function looseEquals(a: unknown, b: unknown): boolean {
  const nullish = (v: unknown) => v === null || v === undefined;
  if (nullish(a) || nullish(b)) return nullish(a) && nullish(b);
  if (typeof a === 'object' || typeof b === 'object') return a === b;
  const x = typeof a === 'boolean' ? Number(a) : a;
  const y = typeof b === 'boolean' ? Number(b) : b;
  if (typeof x === typeof y) return x === y;
  return Number(x) === Number(y);
}

function evaluate(expr: Expr, visitor: Record<string, unknown>): unknown {
  switch (expr.kind) {
    case 'literal':
      return expr.value;
    case 'visitor':
      return visitor;
    case 'array':
      return expr.items.map((item) => evaluate(item, visitor));
    case 'member':
      return readProperty(evaluate(expr.object, visitor), evaluate(expr.property, visitor));
    case 'includes': {
      const target = evaluate(expr.object, visitor);
      const argument = evaluate(expr.argument, visitor);
      if (Array.isArray(target)) return target.some((item) => item === argument || (Number.isNaN(item) && Number.isNaN(argument)));
      if (typeof target === 'string') return typeof argument === 'string' && target.includes(argument);
      return false;
    }
    case 'not':
      return !evaluate(expr.operand, visitor);
    case 'negate': {
      const value = evaluate(expr.operand, visitor);
      return typeof value === 'number' ? -value : undefined;
    }
    case 'binary': {
      if (expr.op === '&&') {
        const left = evaluate(expr.left, visitor);
        return left ? evaluate(expr.right, visitor) : left;
      }
      if (expr.op === '||') {
        const left = evaluate(expr.left, visitor);
        return left ? left : evaluate(expr.right, visitor);
      }
      const left = evaluate(expr.left, visitor);
      const right = evaluate(expr.right, visitor);
      switch (expr.op) {
        case '===':
          return left === right;
        case '!==':
          return left !== right;
        case '==':
          return looseEquals(left, right);
        case '!=':
          return !looseEquals(left, right);
        default:
          return compare(expr.op, left, right);
      }
    }
  }
}

/**
 * Whether a visitor with these claims sees what the condition guards. No condition (null, empty) shows it to
 * everyone; a condition that does not parse hides it from everyone (GitBook: an expression that throws is false).
 */
export function evaluateCondition(condition: string | Expr | null | undefined, claims: Record<string, unknown>): boolean {
  if (condition === null || condition === undefined || condition === '') return true;
  let expr: Expr;
  if (typeof condition === 'string') {
    const parsed = parseCondition(condition);
    if (!parsed.ok) return false;
    expr = parsed.expr;
  } else {
    expr = condition;
  }
  return Boolean(evaluate(expr, { claims }));
}
