import { categoryIcons, iconShapes } from './demo-icons';

/** Drawn on a 1200×900 canvas, rendered at 1024×768: plenty for the ad page, quicker to encode. */
const WIDTH = 1200;
const HEIGHT = 900;
const RENDERED_WIDTH = 1024;
const RENDERED_HEIGHT = 768;

/** Backdrops (hue, saturation %, lightness %) that read as a painted wall, a table, a studio sweep. */
const backdrops = [
  [35, 45, 90],
  [200, 40, 90],
  [150, 30, 88],
  [350, 45, 92],
  [45, 70, 86],
  [260, 35, 92],
  [20, 25, 84],
  [180, 35, 86],
  [95, 30, 88],
  [0, 0, 94],
] as const;

/** Colours the drawn object takes: deep enough to stand out from every backdrop. */
const inks = [
  'hsl(222 47% 22%)',
  'hsl(350 60% 35%)',
  'hsl(160 55% 22%)',
  'hsl(25 70% 35%)',
  'hsl(265 45% 32%)',
  'hsl(200 70% 28%)',
  'hsl(0 0% 16%)',
];

/** A small deterministic pseudo-random sequence, so the same ad gets the same picture. */
function sequence(seed: number) {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4_294_967_296;
  };
}

function pick<T>(items: readonly T[], random: () => number): T {
  return items[Math.floor(random() * items.length)]!;
}

/** One of the 24×24 line icons drawn `size` pixels wide with its centre at (x, y). */
function icon(shape: string, x: number, y: number, size: number, ink: string, rotation = 0, opacity = 1) {
  const scale = size / 24;
  return `<g transform="translate(${x - size / 2} ${y - size / 2}) scale(${scale.toFixed(3)}) rotate(${rotation} 12 12)" fill="none" stroke="${ink}" stroke-width="1.6" stroke-linecap="round" stroke-linejoin="round" opacity="${opacity}">${shape}</g>`;
}

/**
 * A drawn picture of something the category sells, as SVG (4:3): one of the category's
 * line icons in one of three compositions (on a table with its shadow, over a coloured disc
 * with a faint pattern, or framed on a card over a pattern), in varied backdrops and inks.
 * The same category and seed always give the same picture.
 */
export function generateDemoImage(category: string, seed: number): Buffer {
  const random = sequence(seed * 7919 + 17);
  const shapes = (categoryIcons[category] ?? ['tag']).map((name) => iconShapes[name] ?? '');
  // Consecutive seeds draw the category's things in turn, so a set of pictures shows them all.
  const main = shapes[seed % shapes.length]!;
  const [hue, saturation, lightness] = pick(backdrops, random);
  const ink = pick(inks, random);
  const backdrop = `hsl(${hue} ${saturation}% ${lightness}%)`;
  const deeper = `hsl(${hue} ${saturation}% ${lightness - 12}%)`;
  const tilt = Math.round(random() * 16 - 8);
  const layout = Math.floor(random() * 3);
  const parts: string[] = [
    `<defs><linearGradient id="light" x1="0" y1="0" x2="0.3" y2="1"><stop offset="0" stop-color="${backdrop}"/><stop offset="1" stop-color="${deeper}"/></linearGradient></defs>`,
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#light)"/>`,
  ];

  if (layout === 0) {
    // On a table: a surface, a soft shadow, the object standing on it.
    const x = WIDTH / 2 + Math.round(random() * 240 - 120);
    parts.push(
      `<rect y="${HEIGHT * 0.68}" width="${WIDTH}" height="${HEIGHT * 0.32}" fill="hsl(${(hue + 20) % 360} 25% ${lightness - 22}%)"/>`,
      `<ellipse cx="${x}" cy="${HEIGHT * 0.74}" rx="260" ry="34" fill="black" opacity="0.18"/>`,
      `<circle cx="${x}" cy="${HEIGHT * 0.42}" r="250" fill="white" opacity="0.55"/>`,
      icon(main, x, HEIGHT * 0.43, 480, ink, tilt),
    );
  } else if (layout === 1) {
    // Over a coloured disc, with the category's other things faint behind.
    for (let index = 0; index < 9; index += 1) {
      parts.push(
        icon(
          pick(shapes, random),
          Math.round(random() * WIDTH),
          Math.round(random() * HEIGHT),
          90 + Math.round(random() * 80),
          ink,
          Math.round(random() * 60 - 30),
          0.12,
        ),
      );
    }
    const x = random() < 0.5 ? WIDTH * 0.38 : WIDTH * 0.62;
    parts.push(
      `<circle cx="${x}" cy="${HEIGHT / 2}" r="330" fill="hsl(${(hue + 180) % 360} 45% 80%)"/>`,
      icon(main, x, HEIGHT / 2, 500, ink, tilt),
    );
  } else {
    // Framed on a card over a tiled pattern.
    for (let row = 0; row < 5; row += 1) {
      for (let column = 0; column < 7; column += 1) {
        parts.push(
          icon(
            shapes[(row + column) % shapes.length]!,
            90 + column * 170 + (row % 2) * 85,
            90 + row * 180,
            80,
            ink,
            0,
            0.1,
          ),
        );
      }
    }
    parts.push(
      `<rect x="${WIDTH / 2 - 300}" y="${HEIGHT / 2 - 300}" width="600" height="600" rx="48" fill="white" opacity="0.9" transform="rotate(${-tilt / 2} ${WIDTH / 2} ${HEIGHT / 2})"/>`,
      icon(main, WIDTH / 2, HEIGHT / 2, 440, ink, tilt),
    );
  }

  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${RENDERED_WIDTH}" height="${RENDERED_HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">${parts.join('')}</svg>`,
  );
}
