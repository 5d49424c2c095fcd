import { z } from 'zod';

export const DEFAULT_APP_NAME = 'Lumen Learn';
export const DEFAULT_PRIMARY_COLOR = '#6366f1';

export const brandConfigSchema = z.object({
  primaryColor: z.string(),
  logoUrl: z.string().nullable(),
  faviconUrl: z.string().nullable(),
  appName: z.string(),
  customCss: z.string().nullable(),
});
export type BrandConfig = z.infer<typeof brandConfigSchema>;

export const DEFAULT_BRAND: BrandConfig = {
  primaryColor: DEFAULT_PRIMARY_COLOR,
  logoUrl: null,
  faviconUrl: null,
  appName: DEFAULT_APP_NAME,
  customCss: null,
};

const stored = z
  .object({
    primaryColor: z.string().regex(/^#[0-9a-fA-F]{6}$/),
    logoUrl: z.string().nullable(),
    faviconUrl: z.string().nullable(),
    appName: z.string().min(1).max(100),
    customCss: z.string().max(50_000).nullable(),
  })
  .partial();

/** The stored brand configuration merged over the defaults; invalid stored members fall back to defaults. */
export function brandOf(raw: unknown): BrandConfig {
  const out: BrandConfig = { ...DEFAULT_BRAND };
  if (raw && typeof raw === 'object') {
    for (const [k, v] of Object.entries(raw as Record<string, unknown>)) {
      const field = stored.shape[k as keyof typeof stored.shape];
      if (field && field.safeParse(v).success) (out as unknown as Record<string, unknown>)[k] = v;
    }
  }
  return out;
}

