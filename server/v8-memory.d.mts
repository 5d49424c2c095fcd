export const SEMI_SPACE_CAP: number;
export function memoryFlags(given: string[]): { flags: string[]; capYoung: boolean };
export function growthFactor(semi: number, cap?: number): number;
export function applyMemoryFlags(given?: string[]): { startYoungGrowth(): void };
