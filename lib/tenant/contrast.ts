// Brand colours are chosen by tenants; white text on them must stay readable (WCAG AA, 4.5:1). A colour that is too
// light is darkened just enough for the interface; the stored brand configuration keeps the tenant's value.
const channel = (c: number) => {
  const s = c / 255;
  return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
};

function rgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

const toHex = ([r, g, b]: [number, number, number]) => `#${[r, g, b].map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;

export function luminance(hex: string): number {
  const [r, g, b] = rgb(hex);
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

export const AA_CONTRAST = 4.5;

/** The brand colour, darkened in small steps until white text on it reaches 4.5:1 (unchanged when it already does). */
export function accessibleBrand(hex: string): string {
  if (!/^#[0-9a-fA-F]{6}$/.test(hex)) return hex;
  let color = rgb(hex);
  for (let i = 0; i < 100 && contrastRatio(toHex(color), '#ffffff') < AA_CONTRAST; i++) {
    color = color.map((v) => v * 0.98) as [number, number, number];
  }
  return toHex(color);
}
