import type { Metadata } from 'next';
import Link from 'next/link';
import { ArrowLeft, Settings, ShieldQuestion } from 'lucide-react';
import type { ReactNode } from 'react';
import { getLocale, getTranslations } from 'next-intl/server';
import { CreateWithAi } from '@/components/ai/CreateWithAi';
import styles from '@/components/ai/ai.module.css';
import { ButtonLink, Card, PageHeader } from '@/components/ui';
import { CreateGateNotice } from '@/components/content/CreateGateNotice';
import { aiConfigured } from '@/lib/ai/client';
import { workspaceContext } from '@/lib/h5p/content/workspace';
import { curriculumStatus } from '@/lib/curriculum/read';
import { createGate } from '@/lib/plans/create-gate';
import { PLANS, planHasFeature, requiredPlanFor, type FeatureFlag } from '@/lib/plans/plans';
import { usageOf } from '@/lib/plans/quota';
import { currentBrand } from '@/lib/tenant/current';

export const dynamic = 'force-dynamic';

export async function generateMetadata(): Promise<Metadata> {
  const [t, tc, { brand }] = await Promise.all([getTranslations('ai'), getTranslations('content'), currentBrand()]);
  return { title: tc('pageTitle', { page: t('title'), app: brand.appName }) };
}

/** the languages a generated item can be written in (any BCP 47 code works with the API; these are offered) */
const CONTENT_LANGUAGES = [
  'ar',
  'cs',
  'da',
  'de',
  'el',
  'en',
  'es',
  'fi',
  'fr',
  'he',
  'hi',
  'it',
  'ja',
  'ko',
  'nb',
  'nl',
  'pl',
  'pt',
  'pt-BR',
  'ru',
  'sv',
  'tr',
  'uk',
  'zh',
];

/** the content languages named in the interface's language (named here, so the server and the browser agree) */
function languagesIn(locale: string): { code: string; name: string }[] {
  const names = new Intl.DisplayNames([locale], { type: 'language', fallback: 'code' });
  // the interface's language is always offered (it is the default)
  const codes = CONTENT_LANGUAGES.includes(locale) ? CONTENT_LANGUAGES : [...CONTENT_LANGUAGES, locale];
  return codes.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) => a.name.localeCompare(b.name, locale));
}

const code = (chunks: ReactNode) => <code>{chunks}</code>;

// Create with AI (issue 13 item 6): a teacher gives a topic or a text and a content type, reviews the generated
// draft and saves it into the editor (a PDF or a video is made as a job). What the plan lacks (web pages, PDFs,
// images, videos, branching scenarios) is decided here: those show an upgrade prompt. Students are told that creating
// needs a teacher account; without an AI provider an admin is shown how to configure one (the environment variables)
// and a teacher is asked to turn to their administrator; a used-up content quota is said before anything is generated.
export default async function CreateWithAiPage() {
  const { user, principal } = await workspaceContext('/content/ai');
  const [t, locale] = await Promise.all([getTranslations('ai'), getLocale()]);
  const gate = createGate(principal.role, user);
  const configured = aiConfigured();
  const usage = gate.allowed && configured ? await usageOf(user) : null;
  const curriculum = usage ? { ...(await curriculumStatus(user.tenantId)), admin: principal.role === 'admin' } : null;
  const feature = (flag: FeatureFlag) => ({ allowed: planHasFeature(user.plan, flag), plan: PLANS[requiredPlanFor(flag)].name });
  const admin = principal.role === 'admin';
  return (
    <div className="page">
      <PageHeader
        title={t('title')}
        description={gate.allowed && configured ? t('intro') : undefined}
        actions={
          gate.allowed || gate.reason !== 'role' ? (
            <ButtonLink href="/content/new" variant="ghost" icon={ArrowLeft}>
              {t('back')}
            </ButtonLink>
          ) : null
        }
      />
      {!gate.allowed && gate.reason === 'role' ? (
        <CreateGateNotice gate={gate} />
      ) : !configured ? (
        <Card className={styles.card} aria-labelledby="ai-not-configured-title" data-testid="ai-not-configured">
          <h2 id="ai-not-configured-title" className={styles.cardTitle}>
            {admin ? <Settings aria-hidden size={20} /> : <ShieldQuestion aria-hidden size={20} />}
            {t('notConfigured.title')}
          </h2>
          {admin ? (
            <>
              <p>{t('notConfigured.body')}</p>
              <ul className={styles.setup}>
                <li>{t.rich('notConfigured.url', { code })}</li>
                <li>{t.rich('notConfigured.key', { code })}</li>
                <li>{t.rich('notConfigured.model', { code })}</li>
              </ul>
              <p>{t('notConfigured.ollama')}</p>
              <pre className={styles.code}>
                <code>{'AI_API_URL=http://localhost:11434/v1\nAI_API_KEY=ollama\nAI_MODEL=llama3.1'}</code>
              </pre>
            </>
          ) : (
            <p data-testid="ai-not-configured-ask">{t('notConfigured.askAdmin')}</p>
          )}
          <p>
            <Link href="/content/new">{t('notConfigured.editor')}</Link>
          </p>
        </Card>
      ) : !gate.allowed ? (
        <CreateGateNotice gate={gate} />
      ) : usage && curriculum ? (
        <CreateWithAi
          initialCredits={{ used: usage.aiUsed, limit: usage.aiLimit }}
          defaultLanguage={locale}
          languages={languagesIn(locale)}
          gates={{
            url: feature('url-to-h5p'),
            pdf: feature('pdf-to-h5p'),
            image: feature('image-hotspot'),
            video: feature('video-to-h5p'),
            branching: feature('branching-scenario'),
          }}
          curriculum={curriculum}
        />
      ) : null}
    </div>
  );
}
