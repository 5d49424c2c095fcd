import { z } from 'zod';

export const loginBody = z.object({
  email: z.string().trim().min(1, 'Email is required').max(255),
  password: z.string().min(1, 'Password is required').max(1024),
});

export const refreshBody = z.object({
  refreshToken: z.string().min(1, 'refreshToken is required').max(16_384),
});
