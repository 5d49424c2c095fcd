import { redirect } from 'next/navigation';
import { currentSession } from '@/lib/auth/session';

export default async function Home() {
  redirect((await currentSession()) ? '/workspace' : '/login');
}
