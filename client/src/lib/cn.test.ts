import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { twMerge } from 'tailwind-merge';
import { compile } from 'tailwindcss';
import { describe, expect, it } from 'vitest';
import { cn } from './cn';

/** The client's index.css, compiled by Tailwind as the build does. */
async function compileStylesheet() {
  const require = createRequire(import.meta.url);
  const stylesheet = path.join(import.meta.dirname, '..', 'index.css');
  return compile(readFileSync(stylesheet, 'utf8'), {
    base: path.dirname(stylesheet),
    loadStylesheet: async (id, base) => {
      const file = id === 'tailwindcss' ? require.resolve('tailwindcss/index.css') : path.resolve(base, id);
      return { path: file, base: path.dirname(file), content: readFileSync(file, 'utf8') };
    },
  });
}

/** A class selector's name as written in a class attribute: `sm\:px-4` is `sm:px-4`. */
function unescapeClass(selector: string): string {
  return selector.replace(/\\([0-9a-fA-F]{1,6}) ?|\\(.)/g, (_, hex: string | undefined, character: string) =>
    hex ? String.fromCodePoint(parseInt(hex, 16)) : character,
  );
}

/** Every Tailwind class the client's sources write: the words of them Tailwind makes a rule for. */
async function tailwindClasses(): Promise<string[]> {
  const directory = path.join(import.meta.dirname, '..');
  const words = new Set<string>();
  for (const file of readdirSync(directory, { recursive: true, encoding: 'utf8' })) {
    if (!/\.tsx?$/.test(file)) continue;
    for (const word of readFileSync(path.join(directory, file), 'utf8').split(/[\s'"`{}<>;]+/)) {
      if (word) words.add(word);
    }
  }
  const css = (await compileStylesheet()).build([...words]);
  const selected = new Set<string>();
  for (const [, selectors] of css.matchAll(/([^{};]+)\{/g)) {
    for (const [, name] of selectors!.matchAll(/\.((?:\\[0-9a-fA-F]{1,6} ?|\\.|[\w-])+)/g)) {
      selected.add(unescapeClass(name!));
    }
  }
  return [...words].filter((word) => selected.has(word));
}

describe('cn', () => {
  it('lets a later class of a group replace an earlier one, and keeps the rest', () => {
    expect(cn('px-4 py-2 text-sm', 'px-2')).toBe('py-2 text-sm px-2');
    expect(cn('px-3 py-1', 'p-5')).toBe('p-5');
    expect(cn('p-5', 'px-3')).toBe('p-5 px-3');
    expect(cn('text-sm text-muted-foreground', 'text-primary')).toBe('text-sm text-primary');
    expect(cn('leading-tight', 'text-lg')).toBe('text-lg');
    expect(cn('rounded-md border border-input', 'rounded-full border-0')).toBe(
      'border-input rounded-full border-0',
    );
    expect(cn('hover:bg-muted bg-card', 'bg-primary/10')).toBe('hover:bg-muted bg-primary/10');
    expect(cn('sm:hover:underline', 'hover:sm:no-underline')).toBe('hover:sm:no-underline');
    expect(cn('[&_svg]:size-4 size-5', '[&_svg]:size-3')).toBe('size-5 [&_svg]:size-3');
    expect(cn('h-9 w-9', 'size-11')).toBe('size-11');
    expect(cn('block', false, undefined, { hidden: true, flex: false })).toBe('hidden');
    expect(cn('some-name p-2', 'some-name p-1')).toBe('some-name some-name p-1');
  });

  // The one statement of what cn does: what tailwind-merge does, for the classes Bazaar writes.
  // About 450 000 pairs: 3 s alone, more beside the other suites, so it has its own time limit.
  it('answers as tailwind-merge does for every pair of the classes the client writes', async () => {
    const classes = await tailwindClasses();
    expect(classes).toContain('sm:px-4');
    expect(classes).toContain('max-h-[min(32rem,calc(100dvh-5rem))]');
    const differences: string[] = [];
    for (const first of classes) {
      for (const second of classes) {
        const pair = `${first} ${second}`;
        // tailwind-merge takes Tailwind 3's name of a gradient for a colour; see the test below.
        if (pair.includes('bg-gradient-to-')) continue;
        const expected = twMerge(pair);
        if (cn(pair) !== expected) differences.push(`${pair} → ${cn(pair)}, not ${expected}`);
      }
    }
    expect(differences.slice(0, 20)).toEqual([]);
  }, 60_000);

  it('keeps a background colour under a gradient, which tailwind-merge took for a colour', () => {
    expect(twMerge('bg-card bg-gradient-to-b')).toBe('bg-gradient-to-b');
    expect(cn('bg-card bg-gradient-to-b')).toBe('bg-card bg-gradient-to-b');
    expect(cn('bg-gradient-to-b bg-gradient-to-br')).toBe('bg-gradient-to-br');
  });
});
