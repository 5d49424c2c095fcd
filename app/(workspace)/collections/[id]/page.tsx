import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getLocale, getTranslations } from 'next-intl/server';
import { CollectionEditor } from '@/components/collections/CollectionEditor';
import { CollectionAiActions } from '@/components/ai/CollectionAiActions';
import { aiConfigured } from '@/lib/ai/client';
import { isTeacherOrAbove } from '@/lib/auth/roles';
import { PLANS, planHasFeature, requiredPlanFor, type FeatureFlag } from '@/lib/plans/plans';
import { curriculumStatus } from '@/lib/curriculum/read';
import { collectionReadable } from '@/lib/collections/service';
import { db } from '@/lib/db/client';
import { myContents, pageUser } from '@/lib/marketplace/page-user';
import { currentBrand } from '@/lib/tenant/current';
import { contentTypeSlug } from '@/lib/content/types';
import { typeTitle } from '@/lib/h5p';

export async function generateMetadata(): Promise<Metadata> {
  const [t, { brand }] = await Promise.all([getTranslations('collections'), currentBrand()]);
  return { title: `${t('meta.detail')} · ${brand.appName}` };
}

export default async function CollectionPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const { user, principal, usage } = await pageUser(`/collections/${id}`);
  // a bad id, or someone else's private collection: the branded 404 (as the API answers 404 Collection not found)
  if (!(await collectionReadable(id, user.id))) notFound();
  const curriculum = { ...(await curriculumStatus(user.tenantId)), admin: principal.role === 'admin' };
  const tr = await getTranslations('results.collection');
  // the owner's link to the learner × item results grid
  const own = /^[0-9a-f-]{36}$/i.test(id) && (await db().collection.count({ where: { id, userId: user.id } })) > 0;
  // AI tools (issue 13) for the owner when a teacher or admin; what the plan lacks is decided here
  const aiTools = own && isTeacherOrAbove(principal.role);
  const aiReady = aiTools && aiConfigured();
  const aiGate = (flag: FeatureFlag) => ({ allowed: planHasFeature(user.plan, flag), plan: PLANS[requiredPlanFor(flag)].name });
  // the editor loads its items in the browser: an item the AI tools add (then router.refresh()) is the newest, which
  // gives the editor a new key, so it loads them again
  // the items' type badges: each installed type's title in the reader's language, by the API's slug
  const [locale, types] = await Promise.all([getLocale(), db().h5pLibrary.findMany({ where: { runnable: true }, select: { machineName: true, title: true }, distinct: ['machineName'] })]);
  const typeTitles = Object.fromEntries(types.map((l) => [contentTypeSlug(l.machineName), typeTitle(l.machineName, locale, l.title)]));
  const newest = aiTools ? (await db().collectionItem.aggregate({ where: { collectionId: id }, _max: { addedAt: true } }))._max.addedAt : null;
  return (
    <>
      <div className="page">
        <CollectionEditor
          key={newest?.toISOString() ?? 'none'}
          id={id}
          userId={user.id}
          myContents={await myContents(user.id)}
          curriculum={curriculum}
          resultsLink={own ? { href: `/results/collections/${id}`, label: tr('link') } : null}
          typeTitles={typeTitles}
        />
        {aiTools ? (
          <CollectionAiActions
            collectionId={id}
            configured={aiReady}
            admin={principal.role === 'admin'}
            credits={aiReady ? { used: usage.aiUsed, limit: usage.aiLimit } : null}
            recommend={aiGate('ai-recommendation')}
            bundle={aiGate('lesson-bundle')}
          />
        ) : null}
      </div>
    </>
  );
}
