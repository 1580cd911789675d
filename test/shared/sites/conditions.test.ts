import { describe, expect, it } from 'vitest';
import { conditionError, evaluateCondition, parseCondition } from '../../../src-shared/sites/conditions';

const claims = {
  isBeta: true,
  isStaff: false,
  plan: 'pro',
  seats: 12,
  roles: ['admin', 'editor'],
  company: { name: 'Acme', tier: { level: 3 } },
  'dashed-name': 'yes',
  nothing: null,
  unsigned: { language: 'fr', flags: ['new-nav'] },
};

const holds = (condition: string, c: Record<string, unknown> = claims) => evaluateCondition(condition, c);

describe('condition evaluation', () => {
  it.each([
    ['visitor.claims.isBeta', true],
    ['visitor.claims.isStaff', false],
    ['visitor.claims.isBeta === true', true],
    ['visitor.claims.isBeta == true', true],
    ['visitor.claims.isStaff !== true', true],
    ['visitor.claims.plan === "pro"', true],
    ["visitor.claims.plan === 'free'", false],
    ['visitor.claims.plan != "free"', true],
    ['visitor.claims.seats > 10', true],
    ['visitor.claims.seats >= 12', true],
    ['visitor.claims.seats < 12', false],
    ['visitor.claims.seats <= 12.5', true],
    ['visitor.claims.seats > -1', true],
    ['visitor.claims.seats == "12"', true],
    ['visitor.claims.seats === "12"', false],
    ['visitor.claims.company.name === "Acme"', true],
    ['visitor.claims.company.tier.level === 3', true],
    ['visitor.claims["company"]["name"] === "Acme"', true],
    ['visitor.claims["dashed-name"] === "yes"', true],
    ['visitor["claims"].plan === "pro"', true],
    ['visitor.claims.roles.includes("admin")', true],
    ['visitor.claims.roles.includes("owner")', false],
    ['visitor.claims.roles[1] === "editor"', true],
    ['visitor.claims.roles.length === 2', true],
    ['visitor.claims.plan.includes("r")', true],
    ['["pro", "team"].includes(visitor.claims.plan)', true],
    ['["free"].includes(visitor.claims.plan)', false],
    ['visitor.claims.unsigned.language === "fr"', true],
    ['visitor.claims.unsigned.flags.includes("new-nav")', true],
    ['visitor.claims.isBeta && visitor.claims.plan === "pro"', true],
    ['visitor.claims.isStaff && visitor.claims.plan === "pro"', false],
    ['visitor.claims.isStaff || visitor.claims.seats > 3', true],
    ['!visitor.claims.isStaff', true],
    ['!!visitor.claims.isBeta', true],
    ['!(visitor.claims.isBeta && visitor.claims.isStaff)', true],
    ['(visitor.claims.isStaff || visitor.claims.isBeta) && visitor.claims.seats > 100', false],
    ['visitor.claims.nothing === null', true],
    ['visitor.claims.nothing == undefined', true],
    ['visitor.claims.company?.tier?.level === 3', true],
    ['visitor.claims.company?.["name"] === "Acme"', true],
    ['true', true],
    ['false', false],
    ['1 < 2 && "a" < "b"', true],
  ])('%s is %s', (condition, expected) => {
    expect(holds(condition)).toBe(expected);
  });

  it('treats missing claims as undefined, never throwing', () => {
    expect(holds('visitor.claims.isBeta', {})).toBe(false);
    expect(holds('visitor.claims.a.b.c.d === undefined', {})).toBe(true);
    expect(holds('visitor.claims.roles.includes("admin")', {})).toBe(false);
    expect(holds('visitor.claims.seats > 3', {})).toBe(false);
    expect(holds('!visitor.claims.isBeta', {})).toBe(true);
    expect(holds('visitor.claims.unsigned.language === "fr"', {})).toBe(false);
  });

  it('compares only numbers with numbers and strings with strings', () => {
    expect(holds('visitor.claims.roles > 1')).toBe(false);
    expect(holds('visitor.claims.plan > 1')).toBe(false);
    expect(holds('visitor.claims.missing < 1')).toBe(false);
  });

  it('shows what has no condition to everyone', () => {
    expect(evaluateCondition(null, {})).toBe(true);
    expect(evaluateCondition(undefined, {})).toBe(true);
    expect(evaluateCondition('', {})).toBe(true);
  });

  it('accepts a parsed tree as well as text', () => {
    const parsed = parseCondition('visitor.claims.isBeta');
    if (!parsed.ok) throw new Error(parsed.error);
    expect(evaluateCondition(parsed.expr, { isBeta: true })).toBe(true);
    expect(evaluateCondition(parsed.expr, { isBeta: false })).toBe(false);
  });

  it('hides from everyone what a condition that does not parse guards', () => {
    expect(holds('visitor.claims.isBeta ===')).toBe(false);
    expect(holds('!visitor.claims.isStaff &&')).toBe(false);
  });
});

describe('hostile conditions and claims', () => {
  it.each([
    'visitor.constructor',
    'visitor.constructor.constructor',
    'visitor.__proto__',
    'visitor["__proto__"]',
    'visitor.claims.__proto__',
    'visitor.claims.constructor',
    'visitor.claims.plan.constructor',
    'visitor.claims["constructor"]["prototype"]',
    'visitor.claims.roles.constructor',
    'visitor.claims.hasOwnProperty',
    'visitor.claims.toString',
    'visitor.claims.roles.map',
    'visitor.claims.plan.toUpperCase',
    'visitor.claims.plan.length.toFixed',
  ])('%s reads nothing', (condition) => {
    expect(holds(condition)).toBe(false);
    expect(holds(`${condition} === undefined`)).toBe(true);
  });

  it('does not read a prototype even when the claims hold a "__proto__" key', () => {
    const hostile = JSON.parse('{"__proto__": {"isAdmin": true}, "constructor": {"prototype": {"x": 1}}}') as Record<string, unknown>;
    expect(holds('visitor.claims.__proto__.isAdmin', hostile)).toBe(false);
    expect(holds('visitor.claims.isAdmin', hostile)).toBe(false);
    expect(holds('visitor.claims.constructor.prototype.x === 1', hostile)).toBe(false);
  });

  it('does not call functions found in claims', () => {
    let called = false;
    const trap = { f: () => ((called = true), true), toString: () => ((called = true), 'x'), valueOf: () => ((called = true), 1) };
    expect(holds('visitor.claims.f', trap)).toBe(false);
    expect(holds('visitor.claims == 1', { nested: trap } as Record<string, unknown>)).toBe(false);
    expect(holds('visitor.claims.nested > 0', { nested: trap } as Record<string, unknown>)).toBe(false);
    expect(called).toBe(false);
  });

  it.each([
    ['visitor.claims.roles.map(x)', /only \.includes/],
    ['visitor.claims.plan.constructor("return 1")', /unknown method "constructor"/],
    ['eval("1")', /unknown name "eval"/],
    ['globalThis.process', /unknown name "globalThis"/],
    ['this.constructor', /unknown name "this"/],
    ['(() => 1)()', /unexpected/],
    ['visitor.claims.a = 1', /unexpected character "="/],
    ['`${visitor}`', /unexpected character "`"/],
    ['visitor.claims.a ? 1 : 2', /unexpected character "\?"/],
    ['new Function("x")', /unknown name "new"/],
    ['visitor.claims.a; visitor', /unexpected character ";"/],
  ])('refuses %s', (condition, message) => {
    expect(conditionError(condition)).toMatch(message);
    expect(holds(condition)).toBe(false);
  });

  it('refuses nesting deep enough to exhaust the stack', () => {
    expect(conditionError(`${'('.repeat(200)}true${')'.repeat(200)}`)).toMatch(/nested more than/);
    expect(conditionError(`${'!'.repeat(500)}true`)).toMatch(/nested more than/);
    expect(conditionError(`${'('.repeat(20)}true${')'.repeat(20)}`)).toBeUndefined();
  });
});

describe('condition syntax errors', () => {
  it.each([
    ['', /empty/],
    ['   ', /empty/],
    ['visitor.claims.isBeta ===', /unexpected end of condition/],
    ['visitor.claims.', /expected a property name but found end of condition/],
    ['visitor.claims.plan === "pro', /unterminated string starting at position 25/],
    ['(visitor.claims.isBeta', /expected "\)" but found end of condition/],
    ['visitor.claims.isBeta)', /unexpected "\)" at position 22/],
    ['visitor.claims.isBeta visitor', /unexpected "visitor" at position 23/],
    ['[1, 2', /expected ","/],
    ['visitor.claims.a & visitor.claims.b', /unexpected character "&"/],
    ['"\\u12"', /bad \\u escape/],
    ['user.isBeta', /unknown name "user" at position 1/],
  ])('%j → %s', (condition, message) => {
    expect(conditionError(condition)).toMatch(message);
  });

  it('accepts valid conditions', () => {
    for (const condition of ['visitor.claims.isBeta', '[].includes(1)', "visitor.claims['x'] === 'y\\'s'", 'visitor.claims.n === 1e3', 'visitor.claims.n === .5']) {
      expect(conditionError(condition)).toBeUndefined();
    }
  });

  it('reads escapes in strings', () => {
    expect(holds('visitor.claims.s === "a\\"b\\u0041\\n"', { s: 'a"bA\n' })).toBe(true);
  });
});
