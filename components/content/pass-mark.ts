// The pass mark (mastery score) an author types for a SCORM or cmi5 export: empty (the server decides: the content's
// own pass mark, else 100 %), or a percentage from 0 to 100 with up to two decimals, as the export routes' query takes
// it (lib/h5p/export/mastery.ts). A decimal comma ("66,5", as German writes it) is read as a point.
export type PassMark = { ok: true; value: string | null } | { ok: false };

export function passMarkOf(typed: string): PassMark {
  const v = typed.trim().replace(',', '.');
  if (v === '') return { ok: true, value: null };
  return /^\d{1,3}(\.\d{1,2})?$/.test(v) && Number(v) <= 100 ? { ok: true, value: v } : { ok: false };
}

/** the export's address with the pass mark, when one was typed */
export function withPassMark(path: string, value: string | null): string {
  return value === null ? path : `${path}${path.includes('?') ? '&' : '?'}masteryScore=${encodeURIComponent(value)}`;
}
