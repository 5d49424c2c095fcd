export const SEMI_SPACE_CAP: number;
export const HEAP_GROWING_PERCENT: number;
export const SEMI_SPACE_FLAG: string;
export function memoryFlags(given: string[]): { flags: string[]; capYoung: boolean; holdYoung: boolean };
export function growthFactor(semi: number, cap?: number): number;
export function applyMemoryFlags(given?: string[]): { startYoungGrowth(): void; reassert(): void };
