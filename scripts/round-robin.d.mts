export interface RoundRobin {
  /** the proxy's base URL */
  url: string;
  port: number;
  /** requests sent to each upstream, by index */
  counts: number[];
  close(): Promise<void>;
}

export function startRoundRobin(opts: {
  upstreams: string[];
  port?: number;
  host?: string;
  trustForwardedFor?: boolean;
}): Promise<RoundRobin>;
