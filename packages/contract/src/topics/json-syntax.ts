/**
 * Where JSON text stops being JSON (RFC 8259), for the topic value editor: the first offending character's offset
 * with a reason, or null when the text parses. `JSON.parse` alone is not enough: V8's messages (Node.js 20, Chromium)
 * often name no position at all. A small recursive-descent scanner; it checks syntax only, the value comes from
 * `JSON.parse`.
 */
export interface JsonSyntaxError {
  /** 0-based offset into the text. */
  offset: number;
  /** 1-based line and column of the offset (tabs count as one column). */
  line: number;
  column: number;
  reason: string;
}

class SyntaxStop extends Error {
  constructor(
    readonly offset: number,
    readonly reason: string,
  ) {
    super(reason);
  }
}

const MAX_DEPTH = 512;

function describeAt(text: string, offset: number): string {
  if (offset >= text.length) return 'unexpected end of input';
  const char = text[offset] ?? '';
  return `unexpected character ${JSON.stringify(char)}`;
}

class Scanner {
  private offset = 0;

  constructor(private readonly text: string) {}

  scan(): void {
    this.whitespace();
    this.value(0);
    this.whitespace();
    if (this.offset < this.text.length) {
      throw new SyntaxStop(
        this.offset,
        `${describeAt(this.text, this.offset)} after the end of the value`,
      );
    }
  }

  private fail(reason?: string): never {
    throw new SyntaxStop(this.offset, reason ?? describeAt(this.text, this.offset));
  }

  private whitespace(): void {
    while (this.offset < this.text.length && ' \t\n\r'.includes(this.text[this.offset] ?? '')) {
      this.offset += 1;
    }
  }

  private value(depth: number): void {
    if (depth > MAX_DEPTH) this.fail('nested too deeply');
    const char = this.text[this.offset];
    if (char === '{') return this.object(depth);
    if (char === '[') return this.array(depth);
    if (char === '"') return this.string();
    if (char === '-' || (char !== undefined && char >= '0' && char <= '9')) return this.number();
    for (const literal of ['true', 'false', 'null']) {
      if (this.text.startsWith(literal, this.offset)) {
        this.offset += literal.length;
        return;
      }
    }
    this.fail(
      this.offset >= this.text.length
        ? 'unexpected end of input: a value is missing'
        : `${describeAt(this.text, this.offset)}: expected a value`,
    );
  }

  private object(depth: number): void {
    this.offset += 1;
    this.whitespace();
    if (this.text[this.offset] === '}') {
      this.offset += 1;
      return;
    }
    for (;;) {
      if (this.text[this.offset] !== '"') {
        this.fail(`${describeAt(this.text, this.offset)}: expected a property name in quotes`);
      }
      this.string();
      this.whitespace();
      if (this.text[this.offset] !== ':')
        this.fail(`${describeAt(this.text, this.offset)}: expected :`);
      this.offset += 1;
      this.whitespace();
      this.value(depth + 1);
      this.whitespace();
      const next = this.text[this.offset];
      if (next === '}') {
        this.offset += 1;
        return;
      }
      if (next !== ',') this.fail(`${describeAt(this.text, this.offset)}: expected , or }`);
      this.offset += 1;
      this.whitespace();
    }
  }

  private array(depth: number): void {
    this.offset += 1;
    this.whitespace();
    if (this.text[this.offset] === ']') {
      this.offset += 1;
      return;
    }
    for (;;) {
      this.value(depth + 1);
      this.whitespace();
      const next = this.text[this.offset];
      if (next === ']') {
        this.offset += 1;
        return;
      }
      if (next !== ',') this.fail(`${describeAt(this.text, this.offset)}: expected , or ]`);
      this.offset += 1;
      this.whitespace();
    }
  }

  private string(): void {
    this.offset += 1;
    for (;;) {
      if (this.offset >= this.text.length) this.fail('unexpected end of input inside a string');
      const char = this.text[this.offset] ?? '';
      if (char === '"') {
        this.offset += 1;
        return;
      }
      if (char < ' ') this.fail('control character inside a string (escape it, e.g. \\n)');
      if (char === '\\') {
        const escape = this.text[this.offset + 1];
        if (escape === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(this.text.slice(this.offset + 2, this.offset + 6))) {
            this.fail('bad \\u escape: expected 4 hexadecimal digits');
          }
          this.offset += 6;
          continue;
        }
        if (escape === undefined || !'"\\/bfnrt'.includes(escape))
          this.fail('bad escape in a string');
        this.offset += 2;
        continue;
      }
      this.offset += 1;
    }
  }

  private number(): void {
    const match = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(this.text.slice(this.offset));
    if (!match) this.fail('bad number');
    this.offset += match[0].length;
    const next = this.text[this.offset];
    if (next !== undefined && /[0-9.eE]/.test(next)) this.fail('bad number');
  }
}

function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const lines = before.split('\n');
  return { line: lines.length, column: (lines.at(-1)?.length ?? 0) + 1 };
}

export function findJsonSyntaxError(text: string): JsonSyntaxError | null {
  try {
    new Scanner(text).scan();
    return null;
  } catch (error) {
    if (!(error instanceof SyntaxStop)) throw error;
    return { offset: error.offset, reason: error.reason, ...lineAndColumn(text, error.offset) };
  }
}
