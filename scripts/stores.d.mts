export function resetDatabase(url: string): Promise<void>;
export function resetRedis(url: string): Promise<void>;
