import sharp from 'sharp';

/** Hue per category, so each category's generated pictures share a colour family. */
const categoryHues: Record<string, number> = {
  electronics: 215,
  vehicles: 5,
  'real-estate': 150,
  jobs: 265,
  services: 190,
  fashion: 320,
  'home-garden': 95,
  'sports-outdoors': 30,
  pets: 45,
  'books-hobbies': 240,
  'kids-baby': 175,
  'music-instruments': 290,
};

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

/**
 * A generated product-style picture (no downloads): a soft gradient backdrop with a few
 * overlapping shapes in the category's colours. Returned as PNG, 1200×900.
 */
export async function generateDemoImage(category: string, seed: number): Promise<Buffer> {
  const random = sequence(seed * 7919 + 17);
  const hue = categoryHues[category] ?? 200;
  const shapes = Array.from({ length: 5 }, (_, index) => {
    const x = Math.round(150 + random() * 900);
    const y = Math.round(120 + random() * 660);
    const size = Math.round(90 + random() * 220);
    const shade = `hsl(${(hue + index * 18) % 360} ${55 + Math.round(random() * 30)}% ${40 + Math.round(random() * 35)}%)`;
    return index % 2 === 0
      ? `<circle cx="${x}" cy="${y}" r="${size}" fill="${shade}" fill-opacity="0.75"/>`
      : `<rect x="${x - size}" y="${y - size / 2}" width="${size * 2}" height="${size}" rx="${Math.round(size / 4)}" fill="${shade}" fill-opacity="0.7" transform="rotate(${Math.round(random() * 40 - 20)} ${x} ${y})"/>`;
  });
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900" viewBox="0 0 1200 900">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="hsl(${hue} 70% 92%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360} 60% 78%)"/>
  </linearGradient></defs>
  <rect width="1200" height="900" fill="url(#g)"/>
  ${shapes.join('\n  ')}
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
