import { clsx, type ClassValue } from 'clsx';

/**
 * Joins class names, letting later Tailwind classes override earlier ones: `cn('px-4 text-sm',
 * 'px-2')` is `text-sm px-2`. A component's own classes come first and a caller's after them.
 *
 * tailwind-merge did this for every Tailwind class there is, in 8.4 kB of every page's first
 * load (a third of the shell) and a table built on first use in 40 ms of a slow phone's time
 * (issue 15). This knows the groups of the classes Bazaar writes; `cn.test.ts` holds it to
 * tailwind-merge's answer for every pair of them, so a class of a group it does not know yet
 * fails there, not on a page.
 */
export function cn(...inputs: ClassValue[]): string {
  const classList = clsx(inputs);
  let merged = mergedLists.get(classList);
  if (merged === undefined) {
    merged = mergeClasses(classList);
    if (mergedLists.size >= MERGED_LISTS_KEPT) mergedLists.clear();
    mergedLists.set(classList, merged);
  }
  return merged;
}

/**
 * The lists merged lately, as tailwind-merge kept them: a component renders the same classes
 * each time, and merging a button's took about 28 µs where looking it up takes 1.
 */
const mergedLists = new Map<string, string>();
const MERGED_LISTS_KEPT = 500;

/** Classes that are a group on their own word, not a prefix and a value. */
const WORDS: Record<string, string> = {};
for (const [group, words] of Object.entries({
  display: 'block inline inline-block inline-flex inline-grid flex grid hidden table contents flow-root',
  position: 'static fixed absolute relative sticky',
  visibility: 'visible invisible collapse',
  sr: 'sr-only not-sr-only',
  'text-transform': 'uppercase lowercase capitalize normal-case',
  'text-decoration': 'underline overline line-through no-underline',
  'text-overflow': 'truncate text-ellipsis text-clip',
  'fvn-spacing': 'tabular-nums proportional-nums',
  container: 'container',
  transform: 'transform transform-cpu transform-gpu transform-none',
  filter: 'filter filter-none',
  'outline-style': 'outline-none outline-hidden outline-dashed outline-dotted outline-double',
  'outline-w': 'outline',
  'border-w': 'border',
  'border-style': 'border-solid border-dashed border-dotted border-double border-hidden border-none',
  rounded: 'rounded',
  shadow: 'shadow',
  'ring-w': 'ring',
  'ring-w-inset': 'ring-inset',
  blur: 'blur',
  'backdrop-blur': 'backdrop-blur',
  transition: 'transition',
  grow: 'grow',
  shrink: 'shrink',
  resize: 'resize',
  'divide-y': 'divide-y',
  'divide-x': 'divide-x',
  'flex-direction': 'flex-row flex-row-reverse flex-col flex-col-reverse',
  'flex-wrap': 'flex-wrap flex-wrap-reverse flex-nowrap',
})) {
  for (const word of words.split(' ')) WORDS[word] = group;
}

const SIZES = /^(xs|sm|base|md|lg|xl|\dxl|none)$/;
const SIDES = /^(x|y|t|r|b|l|s|e)$/;
/** A value in brackets that is a length (text-[11px]) rather than a color. */
const ARBITRARY_LENGTH = /^\[(length:|\d|calc|min|max|clamp|var\(--[\w-]*(size|width))/;

/** The group of a utility written with a prefix and a value, by its prefix. */
const PREFIXES: Record<string, string | ((value: string) => string)> = {
  z: 'z',
  opacity: 'opacity',
  duration: 'duration',
  ease: 'ease',
  delay: 'delay',
  animate: 'animate',
  aspect: 'aspect',
  cursor: 'cursor',
  'pointer-events': 'pointer-events',
  select: 'select',
  resize: 'resize',
  appearance: 'appearance',
  object: (value) =>
    /^(contain|cover|fill|none|scale-down)$/.test(value) ? 'object-fit' : 'object-position',
  overflow: 'overflow',
  'overflow-x': 'overflow-x',
  'overflow-y': 'overflow-y',
  items: 'align-items',
  justify: 'justify-content',
  self: 'align-self',
  content: 'align-content',
  'col-span': 'col-start-end',
  'row-span': 'row-start-end',
  'grid-cols': 'grid-cols',
  'grid-rows': 'grid-rows',
  flex: 'flex',
  shrink: 'shrink',
  grow: 'grow',
  basis: 'basis',
  order: 'order',
  gap: 'gap',
  'gap-x': 'gap-x',
  'gap-y': 'gap-y',
  'space-x': 'space-x',
  'space-y': 'space-y',
  w: 'w',
  h: 'h',
  size: 'size',
  'min-w': 'min-w',
  'min-h': 'min-h',
  'max-w': 'max-w',
  'max-h': 'max-h',
  inset: 'inset',
  'inset-x': 'inset-x',
  'inset-y': 'inset-y',
  top: 'top',
  right: 'right',
  bottom: 'bottom',
  left: 'left',
  leading: 'leading',
  tracking: 'tracking',
  'line-clamp': 'line-clamp',
  whitespace: 'whitespace',
  break: 'break',
  wrap: 'wrap',
  list: 'list-style-type',
  'underline-offset': 'underline-offset',
  font: (value) => (/^(sans|serif|mono)$/.test(value) ? 'font-family' : 'font-weight'),
  text: (value) =>
    SIZES.test(value) || ARBITRARY_LENGTH.test(value)
      ? 'font-size'
      : /^(left|center|right|justify|start|end)$/.test(value)
        ? 'text-alignment'
        : 'text-color',
  bg: (value) => (/^(gradient-to-|linear-|radial|conic|none$)/.test(value) ? 'bg-image' : 'bg-color'),
  from: 'gradient-from',
  via: 'gradient-via',
  to: 'gradient-to',
  border: (value) => {
    const [first, ...rest] = value.split('-');
    if (SIDES.test(first!)) {
      const width = rest.length === 0 || /^\d+$/.test(rest.join('-'));
      return `border-${width ? 'w' : 'color'}-${first}`;
    }
    return /^\d+$/.test(value) || ARBITRARY_LENGTH.test(value) ? 'border-w' : 'border-color';
  },
  rounded: (value) => {
    const side = /^(s|e|t|r|b|l|ss|se|ee|es|tl|tr|br|bl)(-|$)/.exec(value);
    return side ? `rounded-${side[1]}` : 'rounded';
  },
  shadow: (value) => (SIZES.test(value) || value.startsWith('[') ? 'shadow' : 'shadow-color'),
  ring: (value) => (/^\d+$/.test(value) ? 'ring-w' : 'ring-color'),
  'ring-offset': (value) => (/^\d+$/.test(value) ? 'ring-offset-w' : 'ring-offset-color'),
  outline: (value) => (/^\d+$/.test(value) ? 'outline-w' : 'outline-color'),
  fill: 'fill',
  stroke: (value) => (/^\d+$/.test(value) ? 'stroke-w' : 'stroke'),
  accent: 'accent',
  transition: 'transition',
  'translate-x': 'translate-x',
  'translate-y': 'translate-y',
  rotate: 'rotate',
  scale: 'scale',
  touch: (value) =>
    /^pan-(x|left|right)$/.test(value) ? 'touch-x' : /^pan-(y|up|down)$/.test(value) ? 'touch-y' : 'touch',
};

/** Groups whose class also sets those of other groups: `p-4` after `px-2` replaces both. */
const CONFLICTS: Record<string, string[]> = {
  overflow: ['overflow-x', 'overflow-y'],
  inset: ['inset-x', 'inset-y', 'top', 'right', 'bottom', 'left'],
  'inset-x': ['right', 'left'],
  'inset-y': ['top', 'bottom'],
  flex: ['basis', 'grow', 'shrink'],
  gap: ['gap-x', 'gap-y'],
  size: ['w', 'h'],
  'font-size': ['leading'],
  'line-clamp': ['display', 'overflow'],
  rounded: [
    'rounded-s',
    'rounded-e',
    'rounded-t',
    'rounded-r',
    'rounded-b',
    'rounded-l',
    'rounded-ss',
    'rounded-se',
    'rounded-ee',
    'rounded-es',
    'rounded-tl',
    'rounded-tr',
    'rounded-br',
    'rounded-bl',
  ],
  'rounded-s': ['rounded-ss', 'rounded-es'],
  'rounded-e': ['rounded-se', 'rounded-ee'],
  'rounded-t': ['rounded-tl', 'rounded-tr'],
  'rounded-r': ['rounded-tr', 'rounded-br'],
  'rounded-b': ['rounded-br', 'rounded-bl'],
  'rounded-l': ['rounded-tl', 'rounded-bl'],
  touch: ['touch-x', 'touch-y'],
  'touch-x': ['touch'],
  'touch-y': ['touch'],
};

/**
 * The groups set per side: `p` (`px`, `pt`, …), `m`, and the border's width and colour. The
 * whole (`p-4`) replaces each side, and `x` (`px-2`) its start, end, right and left.
 */
for (const [group, join] of [
  ['p', ''],
  ['m', ''],
  ['border-w', '-'],
  ['border-color', '-'],
] as const) {
  const side = (name: string) => group + join + name;
  const sides = ['x', 'y', 's', 'e', 't', 'r', 'b', 'l'].map(side);
  CONFLICTS[group] = sides;
  CONFLICTS[side('x')] = ['s', 'e', 'r', 'l'].map(side);
  CONFLICTS[side('y')] = ['t', 'b'].map(side);
  // Padding's and margin's groups are their prefixes too (`px-2`, `mt-4`); the border's are read by `border`.
  if (join === '') for (const name of [group, ...sides]) PREFIXES[name] = name;
}

/** The group of a utility (no variant, no `!`), or undefined for a class that is not Tailwind's. */
function groupOf(utility: string): string | undefined {
  const word = WORDS[utility];
  if (word) return word;
  const name = utility.replace(/^-/, '');
  // The longest prefix first: `gap-x-2` is gap-x's, not gap's with the value `x-2`.
  for (let end = name.lastIndexOf('-'); end > 0; end = name.lastIndexOf('-', end - 1)) {
    const group = PREFIXES[name.slice(0, end)];
    if (group) return typeof group === 'string' ? group : group(name.slice(end + 1));
  }
  return undefined;
}

/** A class's variants (`sm:`, `hover:`, …) and its utility, split at colons outside brackets. */
function splitVariants(className: string): { variants: string; utility: string } {
  let depth = 0;
  let start = 0;
  const variants: string[] = [];
  for (let index = 0; index < className.length; index++) {
    const character = className[index];
    if (character === '[' || character === '(') depth++;
    else if (character === ']' || character === ')') depth--;
    else if (character === ':' && depth === 0) {
      variants.push(className.slice(start, index));
      start = index + 1;
    }
  }
  // `hover:focus:` is `focus:hover:`; an arbitrary variant keeps the order it was written in.
  if (!variants.some((variant) => variant.startsWith('['))) variants.sort();
  return { variants: variants.join(':'), utility: className.slice(start) };
}

/** Keeps the last class of each group (per variant and `!`), and every class it does not know. */
function mergeClasses(classList: string): string {
  const taken = new Set<string>();
  const kept: string[] = [];
  const classes = classList.split(/\s+/).filter(Boolean);
  for (let index = classes.length - 1; index >= 0; index--) {
    const className = classes[index]!;
    const { variants, utility } = splitVariants(className);
    const important = utility.startsWith('!') || utility.endsWith('!');
    const group = groupOf(utility.replace(/^!|!$/g, ''));
    if (group) {
      const scope = `${variants}${important ? '!' : ''}:`;
      if (taken.has(scope + group)) continue;
      taken.add(scope + group);
      for (const conflict of CONFLICTS[group] ?? []) taken.add(scope + conflict);
    }
    kept.push(className);
  }
  return kept.reverse().join(' ');
}
