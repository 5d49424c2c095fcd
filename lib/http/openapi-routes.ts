// The documented routes: every API route file under app/ (tests/integration/openapi.test.ts fails for one
// that is missing). Auth, tier, feature and the zod schemas come from each route's own options; this list adds
// only what the interface specification says about it: a short summary, the success status and data, and the
// service's own error texts. Paths the specification lists but the service does not offer yet (LTI launch/JWKS/
// platforms/deep linking/AGS/NRPS) are not here. Issue 24 item 1 is moving all of that into each route's own
// options (summary, tags, status, response, errors); a converted route's entry here is only the pointer to its
// file and module (`{}` per method) until the document walks app/ itself and this list is deleted.
import { z } from 'zod';
import { ERR } from '@/lib/h5p/content/content';
import { TAG_ERR } from '@/lib/h5p/content/tags';
import { AJAX_ACTIONS, ajaxGet, ajaxPost } from '@/lib/h5p/http/ajax';
import { CONTENT_NOT_FOUND } from '@/lib/h5p/content/access';
import { HUB_UNREACHABLE } from '@/lib/h5p/engine/hub';
import { IMPORT_ERR } from '@/lib/h5p/content/import';
import { MEDIA_ERR } from '@/lib/h5p/content/media';
import { UPLOAD_TRUNCATED } from '@/lib/net/multipart';
import { languageCode } from '@/lib/h5p/http/request';
import type { RouteDoc } from './openapi';

import * as apiDocs from '@/app/api/docs/route';
import * as apiDocsAsset from '@/app/api/docs/[asset]/route';
import * as authLogin from '@/app/api/auth/login/route';
import * as authMe from '@/app/api/auth/me/route';
import * as authPreferences from '@/app/api/auth/me/preferences/route';
import * as authPlans from '@/app/api/auth/plans/route';
import * as authCheckout from '@/app/api/auth/checkout/route';
import * as authBillingPortal from '@/app/api/auth/billing-portal/route';
import * as authWebhook from '@/app/api/auth/webhook/route';
import * as tenantBrand from '@/app/api/tenant/brand/route';
import * as adminUsers from '@/app/api/admin/users/route';
import * as adminUserPlan from '@/app/api/admin/users/[id]/plan/route';
import * as adminTenants from '@/app/api/admin/tenants/route';
import * as adminTenant from '@/app/api/admin/tenants/[id]/route';
import { ADMIN_ERR } from '@/lib/admin/manage';
import { JOB_BUSY } from '@/lib/admin/jobs';
import * as adminContentTypes from '@/app/api/admin/content-types/route';
import * as adminInstall from '@/app/api/admin/content-types/install/route';
import * as adminEssentials from '@/app/api/admin/content-types/install-essentials/route';
import * as adminCurriculum from '@/app/api/admin/curriculum/route';
import * as adminCurriculumSync from '@/app/api/admin/curriculum/sync/route';
import * as tenantDomain from '@/app/api/tenant/domain/route';
import { BILLING_ERR } from '@/lib/billing/stripe';
import { TENANT_ERR } from '@/lib/tenant/update';
import * as authRefresh from '@/app/api/auth/refresh/route';
import * as collectionItem from '@/app/api/collections/[id]/items/[itemId]/route';
import * as collectionItems from '@/app/api/collections/[id]/items/route';
import * as collectionReorder from '@/app/api/collections/[id]/items/reorder/route';
import * as collection from '@/app/api/collections/[id]/route';
import * as collectionSuggestions from '@/app/api/collections/[id]/suggestions/route';
import * as collections from '@/app/api/collections/route';
import * as curriculumMetadata from '@/app/api/curriculum/content/[contentId]/metadata/route';
import * as curriculumGrades from '@/app/api/curriculum/frameworks/[code]/stages/[stageCode]/grades/route';
import * as curriculumStages from '@/app/api/curriculum/frameworks/[code]/stages/route';
import * as curriculumObjectives from '@/app/api/curriculum/frameworks/[code]/subjects/[subjectCode]/grades/[gradeCode]/units/[unitCode]/topics/[topicCode]/objectives/route';
import * as curriculumTopics from '@/app/api/curriculum/frameworks/[code]/subjects/[subjectCode]/grades/[gradeCode]/units/[unitCode]/topics/route';
import * as curriculumUnits from '@/app/api/curriculum/frameworks/[code]/subjects/[subjectCode]/grades/[gradeCode]/units/route';
import * as curriculumSubjects from '@/app/api/curriculum/frameworks/[code]/subjects/route';
import * as curriculumFrameworks from '@/app/api/curriculum/frameworks/route';
import * as curriculumStatus from '@/app/api/curriculum/status/route';
import * as curriculumSyncOne from '@/app/api/curriculum/sync/frameworks/[code]/route';
import * as curriculumSyncAll from '@/app/api/curriculum/sync/frameworks/route';
import * as curriculumHistory from '@/app/api/curriculum/sync/history/route';
import * as health from '@/app/api/health/route';
import * as marketplaceClone from '@/app/api/marketplace/public-contents/[contentId]/clone/route';
import * as marketplaceFacets from '@/app/api/marketplace/public-contents/facets/route';
import * as marketplaceList from '@/app/api/marketplace/public-contents/route';
import * as openapiJson from '@/app/api/openapi.json/route';
import * as referralConvert from '@/app/api/referral/convert/route';
import * as referralLink from '@/app/api/referral/link/route';
import * as referralStats from '@/app/api/referral/stats/route';
import * as tenantCurrent from '@/app/api/tenant/current/route';
import * as h5pContentTypes from '@/app/h5p/content-types/route';
import * as h5pExportScorm from '@/app/h5p/content/[contentId]/export-scorm/route';
import * as h5pExportCmi5 from '@/app/h5p/content/[contentId]/export-cmi5/route';
import * as h5pEmbedSettings from '@/app/h5p/content/[contentId]/embed-settings/route';
import * as h5pExport from '@/app/h5p/content/[contentId]/export/route';
import * as h5pQuality from '@/app/h5p/content/[contentId]/quality/route';
import * as h5pContentItem from '@/app/h5p/content/[contentId]/route';
import * as h5pVisibility from '@/app/h5p/content/[contentId]/visibility/route';
import * as h5pTags from '@/app/h5p/content/[contentId]/tags/route';
import * as h5pDuplicate from '@/app/h5p/content/[contentId]/duplicate/route';
import * as h5pBulk from '@/app/h5p/content/bulk/route';
import * as h5pContent from '@/app/h5p/content/route';
import * as h5pEdit from '@/app/h5p/edit/[contentId]/route';
import * as h5pEmbed from '@/app/h5p/embed/[contentId]/route';
import * as h5pHealth from '@/app/h5p/health/route';
import * as h5pImport from '@/app/h5p/import/route';
import * as h5pInstallEssentials from '@/app/h5p/libraries/install-essentials/route';
import * as h5pInstall from '@/app/h5p/libraries/install/route';
import * as h5pLibraries from '@/app/h5p/libraries/route';
import * as h5pLibraryStatus from '@/app/h5p/libraries/status/route';
import * as h5pMediaAttach from '@/app/h5p/media/attach/route';
import * as h5pMediaUpload from '@/app/h5p/media/upload/route';
import * as h5pNew from '@/app/h5p/new/route';
import * as h5pPlay from '@/app/h5p/play/[contentId]/route';
import * as aiGenerate from '@/app/api/ai/generate/route';
import * as aiGenerateUrl from '@/app/api/ai/generate/url/route';
import * as aiGenerateBranching from '@/app/api/ai/generate/branching-scenario/route';
import * as aiGenerateHotspots from '@/app/api/ai/generate/image-hotspots/route';
import * as aiJobsVideo from '@/app/api/ai/jobs/video/route';
import * as aiJobsBulk from '@/app/api/ai/jobs/bulk/route';
import * as aiJobsBundle from '@/app/api/ai/jobs/lesson-bundle/route';
import * as aiJobsPdf from '@/app/api/ai/jobs/pdf/route';
import * as aiRecommendations from '@/app/api/ai/recommendations/route';
import * as aiJobs from '@/app/api/ai/jobs/route';
import * as aiJob from '@/app/api/ai/jobs/[jobId]/route';
import * as aiCritique from '@/app/api/ai/content/[contentId]/critique/route';
import * as aiDifferentiate from '@/app/api/ai/content/[contentId]/differentiate/route';
import * as aiRemix from '@/app/api/ai/content/[contentId]/remix/route';
import * as ltiConfig from '@/app/lti/config/route';
import * as ltiLaunch from '@/app/lti/launch/route';
import * as ltiLogin from '@/app/lti/login/route';
import * as ltiJwks from '@/app/lti/jwks/route';
import * as ltiPlatforms from '@/app/lti/platforms/route';
import * as ltiPlatform from '@/app/lti/platforms/[platformId]/route';
import * as ltiDeepLink from '@/app/lti/deep-link/route';
import * as ltiPassbackRetry from '@/app/lti/platforms/[platformId]/passback/retry/route';
import * as ltiLineItems from '@/app/lti/ags/lineitems/route';
import * as ltiScores from '@/app/lti/ags/scores/route';
import * as ltiMembers from '@/app/lti/nrps/members/route';
import * as ltiContexts from '@/app/lti/contexts/route';
import * as ltiContext from '@/app/lti/contexts/[platformId]/[contextId]/route';
import * as ltiPicker from '@/app/lti/picker/route';
import * as ltiPickerItems from '@/app/lti/picker/items/route';
import * as ltiPickerSubmit from '@/app/lti/picker/submit/route';
import * as ltiLink from '@/app/lti/link/route';
import * as h5pXapi from '@/app/h5p/xapi/[contentId]/route';
import * as resultsContent from '@/app/api/results/content/[contentId]/route';
import * as resultsContentAttempts from '@/app/api/results/content/[contentId]/attempts/route';
import * as resultsCollection from '@/app/api/results/collections/[id]/route';
import * as resultsLearner from '@/app/api/results/learners/[learnerKey]/route';
import * as resultsMe from '@/app/api/results/me/route';
import * as adminResultsLearner from '@/app/api/admin/results/learners/[learnerKey]/route';

/** a JSON body to next-auth's own endpoints is checked before next-auth reads it */
const NEXTAUTH_JSON_ERRORS = ['Validation error: body is not valid JSON', 'Validation error: body must be a JSON object'];

/** The keyset cursor of the lists (lib/db/keyset.ts): present only when another page follows. */
const NEXT_CURSOR = { type: 'string', description: 'opaque keyset cursor of the next page (pass it as `cursor` with the same sort and filters); absent on the last page' };
const CURSOR_ERRORS = [
  'Validation error: cursor: not a cursor of this list',
  'Validation error: cursor: it was issued for another sort order or other filters; start again from the first page',
  'Validation error: cursor: cannot be combined with offset',
  'Validation error: offset: must be at most 10000; page further with cursor',
];

type Module = Record<string, unknown>;
const m = (mod: object) => mod as Module;

const USER_NOT_FOUND = 'User not found';
const COLLECTION_NOT_FOUND = 'Collection not found';
const NOT_OWNER = 'You do not own this content';
const COLLECTION_TAG = 'Collections';

/** The create/update body of H5P content: the route takes any JSON and the content service checks it (spec "H5P content"). */
const contentBody = z.object({
  library: z.string().describe('machine name, space, major.minor, e.g. "H5P.TrueFalse 1.8"'),
  params: z.union([z.record(z.string(), z.unknown()), z.string()]).describe('the content parameters, as an object or a JSON string'),
  metadata: z
    .object({
      title: z.string().default('Untitled Content'),
      embedTypes: z.array(z.enum(['iframe', 'div'])).default(['iframe']),
      language: z.string().default('und'),
      defaultLanguage: z.string().default('en'),
      license: z.string().default('U'),
    })
    .partial()
    .optional(),
  tempImageFiles: z.array(z.string()).optional().describe('names of uploaded temporary files to attach (create)'),
});

const upload = (field: string, description: string) => ({
  required: true,
  content: {
    'multipart/form-data': {
      schema: { type: 'object', required: [field], properties: { [field]: { type: 'string', format: 'binary', description } } },
    },
  },
});
const form = (properties: Record<string, Record<string, unknown>>, required: string[]) => ({
  required: true,
  content: { 'application/x-www-form-urlencoded': { schema: { type: 'object', required, properties } } },
});
const id100 = z.string().min(1).max(100);
const editorModel = 'integration (ajaxPath, ajax, editor, contentLanguage), scripts, styles, contentLanguage';
const contentErrors = { 404: [CONTENT_NOT_FOUND] };
const MASTERY_SCORE_INVALID = 'Validation error: masteryScore: masteryScore must be a percentage from 0 to 100';


export const API_ROUTES: RouteDoc[] = [
  // ------------------------------------------------------------ auth
  {
    file: 'app/api/auth/login/route.ts',
    tag: 'Auth',
    module: m(authLogin),
    operations: {
      POST: {
        summary: 'Sign in with email and password',
        description: 'Exchanges the credentials with the identity provider (password grant) and returns its tokens.',
        success: { kind: 'envelope', data: 'token, refreshToken, expiresIn (seconds), user {id, email, name, plan}' },
        errors: { 401: ['Invalid email or password', 'Account is disabled'] },
      },
    },
  },
  {
    file: 'app/api/auth/refresh/route.ts',
    tag: 'Auth',
    module: m(authRefresh),
    operations: { POST: { summary: 'Refresh an access token', success: { kind: 'envelope', data: 'token, refreshToken, expiresIn' }, errors: { 401: ['Token refresh failed'] } } },
  },
  {
    file: 'app/api/auth/me/route.ts',
    tag: 'Auth',
    module: m(authMe),
    operations: { GET: { summary: 'The current user, usage and plan', success: { kind: 'envelope', data: 'user {id, email, name, plan}, usage, planDetails' }, errors: { 401: [USER_NOT_FOUND] } } },
  },
  {
    file: 'app/api/auth/me/preferences/route.ts',
    tag: 'Auth',
    module: m(authPreferences),
    operations: {
      GET: { summary: "The caller's preferences: interface language (null follows the browser) and the languages offered", success: { kind: 'envelope', data: 'language, languages' }, errors: { 401: [USER_NOT_FOUND] } },
      PUT: { summary: 'Set the interface language (en, de, or null to follow the browser); the workspace and the H5P player and editor use it', success: { kind: 'envelope', data: 'language, languages', message: true }, errors: { 401: [USER_NOT_FOUND] } },
    },
  },
  {
    file: 'app/api/auth/plans/route.ts',
    tag: 'Auth',
    module: m(authPlans),
    operations: { GET: { summary: 'List the plans', success: { kind: 'envelope', data: 'the plans (id, name, price, limits, features)' } } },
  },
  {
    file: 'app/api/auth/checkout/route.ts',
    tag: 'Auth',
    module: m(authCheckout),
    operations: {
      POST: {
        summary: 'Start a subscription checkout for a paid plan (pro or premium) at the payment provider',
        description:
          'Creates the payment customer when the user has none. The checkout session carries metadata[userId] and metadata[planId]; success and cancel return to /workspace?subscription=success|cancelled.',
        success: { kind: 'envelope', data: 'url: the address of the payment page' },
        errors: { 502: [BILLING_ERR.provider], 503: [BILLING_ERR.notConfigured] },
      },
    },
  },
  {
    file: 'app/api/auth/billing-portal/route.ts',
    tag: 'Auth',
    module: m(authBillingPortal),
    operations: {
      POST: {
        summary: "Open the payment provider's billing portal (plan changes, cancellation, invoices)",
        success: { kind: 'envelope', data: 'url: the address of the portal' },
        errors: { 400: [BILLING_ERR.noAccount], 502: [BILLING_ERR.provider], 503: [BILLING_ERR.notConfigured] },
      },
    },
  },
  {
    file: 'app/api/auth/webhook/route.ts',
    tag: 'Auth',
    module: m(authWebhook),
    operations: {
      POST: {
        summary: 'Payment-provider events (Stripe), authenticated by the Stripe-Signature header over the raw body',
        description:
          'checkout.session.completed sets the plan and subscription from the metadata; customer.subscription.updated follows the price (free when canceled or unpaid); customer.subscription.deleted returns to free; invoice.payment_failed is logged. Each event is applied once; a repeated event answers duplicate: true.',
        requestBody: { required: true, content: { 'application/json': { schema: { type: 'object', description: 'the raw event, as signed' } } } },
        success: { kind: 'envelope', extra: { duplicate: { type: 'boolean', description: 'present (true) when the event was applied before' } } },
        errors: { 400: [BILLING_ERR.invalidSignature], 503: [BILLING_ERR.notConfigured] },
      },
    },
  },
  // next-auth's own endpoints: the browser sign-in of the workspace pages (a form post, not an API client's way in)
  {
    file: 'app/api/auth/[...nextauth]/route.ts',
    path: '/api/auth/csrf',
    tag: 'Auth',
    operations: { GET: { summary: 'CSRF token of the browser sign-in form', handwritten: { auth: 'none' }, success: { kind: 'json', description: 'csrfToken', schema: { type: 'object', properties: { csrfToken: { type: 'string' } } } } } },
  },
  {
    file: 'app/api/auth/[...nextauth]/route.ts',
    path: '/api/auth/session',
    tag: 'Auth',
    operations: {
      GET: {
        summary: 'The browser session',
        handwritten: { auth: 'optional' },
        success: { kind: 'json', description: 'user {id, email, name, plan} and expires; an empty object without a session' },
      },
    },
  },
  {
    file: 'app/api/auth/[...nextauth]/route.ts',
    path: '/api/auth/callback/credentials',
    tag: 'Auth',
    operations: {
      POST: {
        summary: 'Browser sign-in (sets the session cookie)',
        description: 'The sign-in form of the workspace: on success the browser holds an httpOnly session cookie and is redirected.',
        handwritten: { auth: 'none', tier: 'AUTH' },
        requestBody: form({ email: { type: 'string' }, password: { type: 'string' }, csrfToken: { type: 'string' }, callbackUrl: { type: 'string' }, json: { type: 'string', enum: ['true'] } }, ['email', 'password', 'csrfToken']),
        success: { kind: 'json', description: 'with json=true: url (where to go next)' },
        errors: { 400: NEXTAUTH_JSON_ERRORS },
      },
    },
  },
  {
    file: 'app/api/auth/[...nextauth]/route.ts',
    path: '/api/auth/signout',
    tag: 'Auth',
    operations: {
      POST: {
        summary: 'Browser sign-out (ends the session)',
        handwritten: { auth: 'optional' },
        requestBody: form({ csrfToken: { type: 'string' }, callbackUrl: { type: 'string' }, json: { type: 'string', enum: ['true'] } }, []),
        success: { kind: 'json', description: 'with json=true: url (where to go next)' },
        errors: { 400: NEXTAUTH_JSON_ERRORS },
      },
    },
  },

  // ------------------------------------------------------------ collections
  {
    file: 'app/api/collections/route.ts',
    tag: COLLECTION_TAG,
    module: m(collections),
    operations: {
      GET: {
        summary: 'List own collections',
        success: { kind: 'envelope', data: 'array of Collection, most recently updated first', extra: { total: { type: 'integer' } } },
        errors: { 401: [USER_NOT_FOUND] },
      },
      POST: { summary: 'Create a collection', status: 201, success: { kind: 'envelope', data: 'the Collection' }, errors: { 401: [USER_NOT_FOUND] } },
    },
  },
  {
    file: 'app/api/collections/[id]/route.ts',
    tag: COLLECTION_TAG,
    module: m(collection),
    operations: {
      GET: {
        summary: 'A collection with its items',
        description: 'The owner\'s, or a public collection. Each item has a status: available, unavailable or restricted.',
        success: { kind: 'envelope', data: 'collection, items' },
        errors: { 401: [USER_NOT_FOUND], 404: [COLLECTION_NOT_FOUND] },
      },
      PATCH: { summary: 'Update a collection (owner)', success: { kind: 'envelope', message: true }, errors: { 401: [USER_NOT_FOUND], 404: [COLLECTION_NOT_FOUND, 'User does not own collection'] } },
      DELETE: { summary: 'Delete a collection and its items (owner)', success: { kind: 'envelope', message: true }, errors: { 401: [USER_NOT_FOUND], 404: [COLLECTION_NOT_FOUND, 'User does not own collection'] } },
    },
  },
  {
    file: 'app/api/collections/[id]/items/route.ts',
    tag: COLLECTION_TAG,
    module: m(collectionItems),
    operations: {
      POST: {
        summary: 'Add content to a collection (owner)',
        description: 'contentId adds one item (409 when it is already there); contentIds adds a batch and skips duplicates.',
        status: 201,
        success: { kind: 'envelope', data: 'the item, or an array of items for contentIds' },
        errors: {
          400: ['Either contentId or contentIds must be provided'],
          401: [USER_NOT_FOUND],
          404: [COLLECTION_NOT_FOUND, 'User does not own collection', 'Content <id> not found or not accessible'],
          409: ['Item already exists'],
        },
      },
    },
  },
  {
    file: 'app/api/collections/[id]/items/[itemId]/route.ts',
    tag: COLLECTION_TAG,
    module: m(collectionItem),
    operations: {
      DELETE: { summary: 'Remove an item from a collection (owner)', success: { kind: 'envelope', message: true }, errors: { 401: [USER_NOT_FOUND], 404: [COLLECTION_NOT_FOUND, 'User does not own collection', 'Item not found in collection'] } },
    },
  },
  {
    file: 'app/api/collections/[id]/items/reorder/route.ts',
    tag: COLLECTION_TAG,
    module: m(collectionReorder),
    operations: {
      PATCH: { summary: 'Reorder the items of a collection (owner)', success: { kind: 'envelope', message: true }, errors: { 401: [USER_NOT_FOUND], 404: [COLLECTION_NOT_FOUND, 'User does not own collection', 'Item not found in collection'] } },
    },
  },
  {
    file: 'app/api/collections/[id]/suggestions/route.ts',
    tag: COLLECTION_TAG,
    module: m(collectionSuggestions),
    operations: {
      GET: {
        summary: 'Suggested public content for a collection',
        description: 'A Bloom\'s Taxonomy gap analysis of the items; matching public content filling the gaps comes first.',
        success: { kind: 'envelope', data: 'matchingContents, bloomsAnalysis {distribution, gaps, score, target, deviation, counts, unclassified, explanation}; each item\'s bloomsLevel is its quality report\'s level, else its content type\'s' },
        errors: { 401: [USER_NOT_FOUND], 404: [COLLECTION_NOT_FOUND] },
      },
    },
  },

  // ------------------------------------------------------------ curriculum
  {
    file: 'app/api/curriculum/status/route.ts',
    tag: 'Curriculum',
    module: m(curriculumStatus),
    operations: { GET: { summary: 'Connection to the central curriculum service', success: { kind: 'envelope', data: 'connected, error (when not connected)' } } },
  },
  {
    file: 'app/api/curriculum/sync/frameworks/route.ts',
    tag: 'Curriculum',
    module: m(curriculumSyncAll),
    operations: { POST: { summary: 'Sync all frameworks from the central service', success: { kind: 'envelope', data: 'synced, errors', message: true } } },
  },
  {
    file: 'app/api/curriculum/sync/frameworks/[code]/route.ts',
    tag: 'Curriculum',
    module: m(curriculumSyncOne),
    operations: {
      POST: { summary: 'Sync one framework and its hierarchy', success: { kind: 'envelope', data: 'stages, grades, subjects, units, topics, objectives (counts), errors', message: true } },
    },
  },
  {
    file: 'app/api/curriculum/sync/history/route.ts',
    tag: 'Curriculum',
    module: m(curriculumHistory),
    operations: { GET: { summary: 'Sync log, newest first', success: { kind: 'envelope', data: 'array of sync log entries' } } },
  },
  {
    file: 'app/api/curriculum/frameworks/route.ts',
    tag: 'Curriculum',
    module: m(curriculumFrameworks),
    operations: { GET: { summary: 'Active frameworks, by name', success: { kind: 'envelope', data: 'array of frameworks' } } },
  },
  {
    file: 'app/api/curriculum/frameworks/[code]/stages/route.ts',
    tag: 'Curriculum',
    module: m(curriculumStages),
    operations: { GET: { summary: 'Stages of a framework', success: { kind: 'envelope', data: 'array of stages by sequence' } } },
  },
  {
    file: 'app/api/curriculum/frameworks/[code]/stages/[stageCode]/grades/route.ts',
    tag: 'Curriculum',
    module: m(curriculumGrades),
    operations: { GET: { summary: 'Grades of a stage', success: { kind: 'envelope', data: 'array of grades by sequence' } } },
  },
  {
    file: 'app/api/curriculum/frameworks/[code]/subjects/route.ts',
    tag: 'Curriculum',
    module: m(curriculumSubjects),
    operations: { GET: { summary: 'Subjects of a framework', success: { kind: 'envelope', data: 'array of subjects by sequence' } } },
  },
  {
    file: 'app/api/curriculum/frameworks/[code]/subjects/[subjectCode]/grades/[gradeCode]/units/route.ts',
    tag: 'Curriculum',
    module: m(curriculumUnits),
    operations: { GET: { summary: 'Units of a subject and grade', success: { kind: 'envelope', data: 'array of units by sequence' } } },
  },
  {
    file: 'app/api/curriculum/frameworks/[code]/subjects/[subjectCode]/grades/[gradeCode]/units/[unitCode]/topics/route.ts',
    tag: 'Curriculum',
    module: m(curriculumTopics),
    operations: { GET: { summary: 'Topics of a unit', success: { kind: 'envelope', data: 'array of topics by sequence' } } },
  },
  {
    file: 'app/api/curriculum/frameworks/[code]/subjects/[subjectCode]/grades/[gradeCode]/units/[unitCode]/topics/[topicCode]/objectives/route.ts',
    tag: 'Curriculum',
    module: m(curriculumObjectives),
    operations: { GET: { summary: 'Learning objectives of a topic', success: { kind: 'envelope', data: 'array of learning objectives by sequence' } } },
  },
  {
    file: 'app/api/curriculum/content/[contentId]/metadata/route.ts',
    tag: 'Curriculum',
    module: m(curriculumMetadata),
    operations: {
      GET: { summary: 'Curriculum metadata of content', success: { kind: 'envelope', data: 'the metadata, or null when there is none' } },
      POST: { summary: 'Attach curriculum metadata to content (replaces it)', success: { kind: 'envelope', message: true }, errors: { 401: [USER_NOT_FOUND], 403: [NOT_OWNER], 404: [CONTENT_NOT_FOUND] } },
      DELETE: { summary: 'Remove the curriculum metadata of content', success: { kind: 'envelope', message: true }, errors: { 401: [USER_NOT_FOUND], 403: [NOT_OWNER], 404: [CONTENT_NOT_FOUND] } },
    },
  },

  // ------------------------------------------------------------ marketplace
  {
    file: 'app/api/marketplace/public-contents/route.ts',
    tag: 'Marketplace',
    module: m(marketplaceList),
    operations: {
      GET: {
        summary: 'Browse other users\' public content',
        success: { kind: 'envelope', data: 'array of list items (id, title, mainLibrary, contentTypeSlug, authorId, authorName, viewCount, publishedAt, curriculum, quality)', extra: { total: { type: 'integer' }, nextCursor: NEXT_CURSOR } },
        errors: { 400: CURSOR_ERRORS, 401: [USER_NOT_FOUND] },
      },
    },
  },
  {
    file: 'app/api/marketplace/public-contents/facets/route.ts',
    tag: 'Marketplace',
    module: m(marketplaceFacets),
    operations: {
      GET: {
        summary: 'Filter values of the marketplace',
        success: { kind: 'envelope', data: 'subjects, grades, difficulties, languages, frameworks (sorted string arrays)', extra: { names: { type: 'object', description: 'display names of the codes' } } },
        errors: { 401: [USER_NOT_FOUND] },
      },
    },
  },
  {
    file: 'app/api/marketplace/public-contents/[contentId]/clone/route.ts',
    tag: 'Marketplace',
    module: m(marketplaceClone),
    operations: {
      POST: {
        summary: 'Clone public content into own content',
        description: 'The optional JSON body names the copy (`title`, default: the source\'s title). The clone is recorded: the marketplace item page shows the source\'s clones count and the caller\'s own clone.',
        status: 201,
        success: { kind: 'envelope', data: 'contentId (the copy, private)', message: true },
        errors: { 401: [USER_NOT_FOUND], 403: ['Content limit reached'], 404: ['Content not found or not public'] },
      },
    },
  },

  // ------------------------------------------------------------ referral, tenant
  // converted: summary, tags and response schema are in the route files' own options
  { file: 'app/api/referral/link/route.ts', tag: 'Referral', module: m(referralLink), operations: { GET: {} } },
  { file: 'app/api/referral/convert/route.ts', tag: 'Referral', module: m(referralConvert), operations: { POST: {} } },
  { file: 'app/api/referral/stats/route.ts', tag: 'Referral', module: m(referralStats), operations: { GET: {} } },
  {
    file: 'app/api/tenant/current/route.ts',
    tag: 'Tenant',
    module: m(tenantCurrent),
    operations: {
      GET: {
        summary: 'The tenant of the hostname and its branding',
        success: { kind: 'envelope', data: 'isDefault, brandConfig; and id, slug, name, plan when isDefault is false' },
      },
    },
  },
  {
    file: 'app/api/tenant/brand/route.ts',
    tag: 'Tenant',
    module: m(tenantBrand),
    operations: {
      PUT: {
        summary: "Change the branding of the hostname's tenant (only the supplied fields; the rest is kept)",
        description: 'For members of the tenant (and super_admin) whose plan has whitelabel; anyone else gets a plain-text 403 Forbidden.',
        success: { kind: 'envelope', data: 'brandConfig: the full merged configuration' },
        errors: { 403: ['Forbidden'], 404: [TENANT_ERR.notFound], 500: [TENANT_ERR.brand] },
      },
    },
  },
  {
    file: 'app/api/tenant/domain/route.ts',
    tag: 'Tenant',
    module: m(tenantDomain),
    operations: {
      PUT: {
        summary: "Set the custom domain of the hostname's tenant (DNS: an alias record to the platform domain)",
        description: 'For members of the tenant (and super_admin) whose plan has whitelabel; anyone else gets a plain-text 403 Forbidden. The domain resolves to the tenant on every instance at once.',
        success: { kind: 'envelope', data: 'customDomain' },
        errors: { 403: ['Forbidden'], 404: [TENANT_ERR.notFound], 500: [TENANT_ERR.domain] },
      },
    },
  },

  // ------------------------------------------------------------ admin (super_admin support tools)
  {
    file: 'app/api/admin/users/route.ts',
    tag: 'Admin',
    module: m(adminUsers),
    operations: {
      GET: {
        summary: 'Find users by email prefix, with plan and usage (super_admin)',
        success: { kind: 'envelope', data: 'users: id, email, name, role (as the identity provider last named it), plan, tenantId, paying, usage, createdAt', extra: { total: { type: 'integer' } } },
        errors: { 403: ['Admin access required', ADMIN_ERR.superAdmin] },
      },
    },
  },
  {
    file: 'app/api/admin/users/[id]/plan/route.ts',
    tag: 'Admin',
    module: m(adminUserPlan),
    operations: {
      PUT: {
        summary: "Change a user's plan for support (super_admin; audited)",
        success: { kind: 'envelope', data: 'id, plan' },
        errors: { 403: ['Admin access required', ADMIN_ERR.superAdmin], 404: [ADMIN_ERR.userNotFound] },
      },
    },
  },
  {
    file: 'app/api/admin/tenants/route.ts',
    tag: 'Admin',
    module: m(adminTenants),
    operations: {
      GET: { summary: 'List tenants with their member counts (super_admin)', success: { kind: 'envelope', data: 'tenants' }, errors: { 403: ['Admin access required', ADMIN_ERR.superAdmin] } },
      POST: {
        summary: 'Create a tenant (super_admin; audited)',
        status: 201,
        success: { kind: 'envelope', data: 'the tenant' },
        errors: { 403: ['Admin access required', ADMIN_ERR.superAdmin], 409: [ADMIN_ERR.tenantTaken] },
      },
    },
  },
  {
    file: 'app/api/admin/tenants/[id]/route.ts',
    tag: 'Admin',
    module: m(adminTenant),
    operations: {
      PATCH: {
        summary: 'Activate or deactivate a tenant (super_admin; audited)',
        success: { kind: 'envelope', data: 'the tenant' },
        errors: { 403: ['Admin access required', ADMIN_ERR.superAdmin], 404: [ADMIN_ERR.tenantNotFound] },
      },
    },
  },

  // ------------------------------------------------------------ admin pages (every admin): content types, curriculum
  {
    file: 'app/api/admin/content-types/route.ts',
    tag: 'Admin',
    module: m(adminContentTypes),
    operations: {
      GET: {
        summary: 'Hub status, the essential set, the hub catalog with installed versions, the installed libraries, the latest essentials job (admin)',
        success: { kind: 'envelope', data: 'hub {url, reachable, lastUpdate}, essentials, catalog (machineName, title, summary, hubVersion, installedVersion, updateAvailable, essential), libraries, job' },
        errors: { 403: ['Admin access required'] },
      },
    },
  },
  {
    file: 'app/api/admin/content-types/install/route.ts',
    tag: 'Admin',
    module: m(adminInstall),
    operations: {
      POST: {
        summary: 'Install or update one content type from the H5P Hub (admin; audited)',
        success: { kind: 'envelope', data: 'machineName, installedLibraries (integer), installedVersion', message: true },
        errors: { 403: ['Admin access required'], 404: ['Content type not found on the H5P Hub'], 502: [HUB_UNREACHABLE] },
      },
    },
  },
  {
    file: 'app/api/admin/content-types/install-essentials/route.ts',
    tag: 'Admin',
    module: m(adminEssentials),
    operations: {
      GET: { summary: 'The latest install of the essential content types, with each library\'s result (admin)', success: { kind: 'envelope', data: 'job: id, kind, state (running, completed or interrupted), startedAt, finishedAt, startedBy, total, done, current, results (name, success, error, detail), heartbeatAt' + ' (null when none ran)' }, errors: { 403: ['Admin access required'] } },
      POST: {
        summary: 'Start installing the essential content types in the background; follow it with GET (admin; audited)',
        status: 202,
        success: { kind: 'envelope', data: 'job: id, kind, state (running, completed or interrupted), startedAt, finishedAt, startedBy, total, done, current, results (name, success, error, detail), heartbeatAt', message: true },
        errors: { 403: ['Admin access required'], 409: [JOB_BUSY['install-essentials']] },
      },
    },
  },
  {
    file: 'app/api/admin/curriculum/route.ts',
    tag: 'Admin',
    module: m(adminCurriculum),
    operations: {
      GET: {
        summary: 'The curriculum service status, the local frameworks with size and last sync, the sync history, the latest sync-all job (admin)',
        success: { kind: 'envelope', data: 'configured, service {connected, error}, frameworks (code, name, isActive, subjects, objectives, lastSync), history, job' },
        errors: { 403: ['Admin access required'] },
      },
    },
  },
  {
    file: 'app/api/admin/curriculum/sync/route.ts',
    tag: 'Admin',
    module: m(adminCurriculumSync),
    operations: {
      GET: { summary: 'The latest sync of all frameworks, with each framework\'s result (admin)', success: { kind: 'envelope', data: 'job: id, kind, state (running, completed or interrupted), startedAt, finishedAt, startedBy, total, done, current, results (name, success, error, detail), heartbeatAt' + ' (null when none ran)' }, errors: { 403: ['Admin access required'] } },
      POST: {
        summary: 'With framework: sync that framework now (200, its counts). Without: sync the list and every active framework in the background (202, a job) (admin; audited)',
        success: { kind: 'envelope', data: 'stages, grades, subjects, units, topics, objectives, errors — or the job', message: true },
        errors: { 403: ['Admin access required'], 404: ['Framework not found'], 409: [JOB_BUSY['curriculum-sync'], 'Sync of framework <code> already in progress'], 503: ['Curriculum service is not configured'] },
      },
    },
  },

  // ------------------------------------------------------------ service
  {
    file: 'app/api/health/route.ts',
    tag: 'Service',
    module: m(health),
    operations: {
      GET: {
        summary: 'Health of the database and the cache',
        description: '200 when every check passes; 503 with the same body when one or more fail. Never rate limited (a load balancer probes it).',
        success: {
          kind: 'json',
          description: 'status (ok, degraded or error), timestamp, checks.database and checks.redis',
          schema: {
            type: 'object',
            properties: {
              status: { type: 'string', enum: ['ok', 'degraded', 'error'] },
              timestamp: { type: 'string', format: 'date-time' },
              checks: { type: 'object', additionalProperties: { type: 'object', properties: { status: { type: 'string', enum: ['ok', 'error'] }, latencyMs: { type: 'number' }, error: { type: 'string' } } } },
            },
          },
        },
      },
    },
  },
  {
    file: 'app/api/openapi.json/route.ts',
    tag: 'Service',
    module: m(openapiJson),
    operations: { GET: { summary: 'This OpenAPI 3.1 document', success: { kind: 'json', description: 'the OpenAPI document' } } },
  },
  {
    file: 'app/api/docs/route.ts',
    tag: 'Service',
    module: m(apiDocs),
    operations: { GET: { summary: 'The API reference page', success: { kind: 'file', description: 'an HTML page rendering this document', contentType: 'text/html' } } },
  },
  {
    file: 'app/api/docs/[asset]/route.ts',
    tag: 'Service',
    module: m(apiDocsAsset),
    operations: {
      GET: {
        summary: 'A script or stylesheet of the reference page',
        success: { kind: 'file', description: 'swagger-ui-bundle.js, swagger-ui.css or docs.js', contentType: 'text/javascript' },
        errors: { 404: ['Not found'] },
      },
    },
  },

  // ------------------------------------------------------------ H5P content
  {
    file: 'app/h5p/content/route.ts',
    tag: 'H5P content',
    module: m(h5pContent),
    operations: {
      GET: {
        summary: 'List own content',
        success: { kind: 'envelope', data: 'array of Content with curriculum, quality, visibility and viewCount (every match without limit)', extra: { total: { type: 'integer' }, nextCursor: NEXT_CURSOR } },
        errors: { 400: CURSOR_ERRORS },
      },
      POST: {
        summary: 'Create content',
        status: 201,
        body: contentBody,
        success: { kind: 'envelope', data: 'contentId, metadata', message: true },
        errors: { 400: [ERR.missingFields, ERR.invalidLibrary, ERR.invalidParams], 429: [ERR.quota] },
      },
    },
  },
  {
    file: 'app/h5p/content/[contentId]/route.ts',
    tag: 'H5P content',
    module: m(h5pContentItem),
    operations: {
      GET: { summary: 'Content details', success: { kind: 'envelope', data: 'id, title, mainLibrary, createdAt, updatedAt, embedTypes' }, errors: contentErrors },
      PUT: {
        summary: 'Update content (owner)',
        body: contentBody,
        success: { kind: 'envelope', data: 'contentId, metadata', message: true },
        errors: { 400: [ERR.missingFields, ERR.invalidLibrary, ERR.invalidParams], 403: [ERR.updateForbidden], ...contentErrors },
      },
      DELETE: { summary: 'Delete content and its files (owner)', success: { kind: 'envelope', message: true }, errors: { 403: [ERR.deleteForbidden], ...contentErrors } },
    },
  },
  {
    file: 'app/h5p/content/[contentId]/embed-settings/route.ts',
    tag: 'H5P content',
    module: m(h5pEmbedSettings),
    operations: {
      PATCH: {
        summary: 'The embed settings of content (owner): askName — the embed asks anonymous viewers for a display name, shown in the results',
        success: { kind: 'envelope', data: 'contentId, askName', message: true },
        errors: { 400: ['Validation error: askName: askName must be true or false'], 401: [USER_NOT_FOUND], 403: [ERR.notOwner], ...contentErrors },
      },
    },
  },
  {
    file: 'app/h5p/content/[contentId]/visibility/route.ts',
    tag: 'H5P content',
    module: m(h5pVisibility),
    operations: {
      PATCH: {
        summary: 'Make content public or private (owner)',
        success: { kind: 'envelope', data: 'contentId, visibility', message: true },
        errors: { 400: [`Validation error: visibility: ${ERR.invalidVisibility}`], 401: [USER_NOT_FOUND], 403: [ERR.visibilityForbidden], ...contentErrors },
      },
    },
  },
  {
    file: 'app/h5p/content/[contentId]/tags/route.ts',
    tag: 'H5P content',
    module: m(h5pTags),
    operations: {
      PUT: {
        summary: 'Replace the tags of own content (lowercase, 1 to 50 characters, at most 20)',
        success: { kind: 'envelope', data: 'contentId, tags', message: true },
        errors: { 401: [USER_NOT_FOUND], 403: [TAG_ERR.forbidden], ...contentErrors },
      },
    },
  },
  {
    file: 'app/h5p/content/[contentId]/duplicate/route.ts',
    tag: 'H5P content',
    module: m(h5pDuplicate),
    operations: {
      POST: {
        summary: 'Duplicate readable content as a private copy of the caller ("<title> (copy)"); counts toward the monthly quota',
        status: 201,
        success: { kind: 'envelope', data: 'contentId', message: true },
        errors: { 401: [USER_NOT_FOUND], 429: [ERR.quota], ...contentErrors },
      },
    },
  },
  {
    file: 'app/h5p/content/bulk/route.ts',
    tag: 'H5P content',
    module: m(h5pBulk),
    operations: {
      POST: {
        summary: 'Publish, unpublish or delete up to 100 of own content items; one result per item',
        success: { kind: 'envelope', data: 'results: array of contentId, success, error (optional)' },
        errors: { 401: [USER_NOT_FOUND] },
      },
    },
  },
  {
    file: 'app/h5p/content/[contentId]/quality/route.ts',
    tag: 'H5P content',
    module: m(h5pQuality),
    operations: { GET: { summary: 'Quality report of content', success: { kind: 'envelope', data: 'contentId, qualityReport, generatedAt' }, errors: contentErrors } },
  },
  {
    file: 'app/h5p/content/[contentId]/export/route.ts',
    tag: 'H5P content',
    module: m(h5pExport),
    operations: { GET: { summary: 'Export as an .h5p package', success: { kind: 'file', description: 'the .h5p package (attachment <title>.h5p)', contentType: 'application/zip' }, errors: { 403: [NOT_OWNER], ...contentErrors } } },
  },
  {
    file: 'app/h5p/content/[contentId]/export-scorm/route.ts',
    tag: 'H5P content',
    module: m(h5pExportScorm),
    operations: {
      GET: {
        summary: 'Export as a SCORM package (masteryScore: the percentage a learner needs to pass; default the content\'s own pass mark, else 100)',
        success: { kind: 'file', description: 'the SCORM package (attachment <title>_scorm<version>.zip)', contentType: 'application/zip' },
        errors: { 400: ['Validation error: version: version must be 1.2 or 2004', MASTERY_SCORE_INVALID], 403: [NOT_OWNER], ...contentErrors },
      },
    },
  },
  {
    file: 'app/h5p/content/[contentId]/export-cmi5/route.ts',
    tag: 'H5P content',
    module: m(h5pExportCmi5),
    operations: {
      GET: {
        summary: 'Export as a cmi5 course package (cmi5.xml with one AU and its masteryScore; the AU reports to the launching LMS\'s LRS)',
        success: { kind: 'file', description: 'the cmi5 package (attachment <title>_cmi5.zip)', contentType: 'application/zip' },
        errors: { 400: [MASTERY_SCORE_INVALID], 403: [NOT_OWNER], ...contentErrors },
      },
    },
  },
  {
    file: 'app/h5p/import/route.ts',
    tag: 'H5P content',
    module: m(h5pImport),
    operations: {
      POST: {
        summary: 'Import an .h5p package',
        status: 201,
        requestBody: upload('h5p', 'the .h5p package (a ZIP, at most 500 MB)'),
        success: { kind: 'envelope', data: 'contentId, installedLibraries', message: true },
        errors: { 400: [IMPORT_ERR.noFile, IMPORT_ERR.type, IMPORT_ERR.notZip, IMPORT_ERR.tooLarge, UPLOAD_TRUNCATED], 429: [ERR.quota] },
      },
    },
  },
  {
    file: 'app/h5p/new/route.ts',
    tag: 'H5P content',
    module: m(h5pNew),
    operations: { GET: { summary: 'Editor model for new content', success: { kind: 'envelope', data: editorModel } } },
  },
  {
    file: 'app/h5p/edit/[contentId]/route.ts',
    tag: 'H5P content',
    module: m(h5pEdit),
    operations: { GET: { summary: 'Editor model of existing content', success: { kind: 'envelope', data: `${editorModel}, library, params, metadata` }, errors: contentErrors } },
  },
  {
    file: 'app/h5p/play/[contentId]/route.ts',
    tag: 'H5P content',
    module: m(h5pPlay),
    operations: { GET: { summary: 'Player model of content', success: { kind: 'envelope', data: 'integration, scripts, styles' }, errors: contentErrors } },
  },
  {
    file: 'app/h5p/embed/[contentId]/route.ts',
    tag: 'H5P content',
    module: m(h5pEmbed),
    operations: {
      GET: {
        summary: 'The player page (for an iframe)',
        description: 'The page that plays the content, sandboxed by its Content-Security-Policy; an embed snippet frames it with ?token=.',
        success: { kind: 'file', description: 'the player page', contentType: 'text/html' },
        errors: contentErrors,
      },
    },
  },
  {
    file: 'app/h5p/media/upload/route.ts',
    tag: 'H5P content',
    module: m(h5pMediaUpload),
    operations: {
      POST: { summary: 'Upload a media file (base64) to temporary storage', status: 201, success: { kind: 'envelope', data: 'url, filename, size, contentType' }, errors: { 400: [MEDIA_ERR.type, MEDIA_ERR.base64, MEDIA_ERR.empty] } },
    },
  },
  {
    file: 'app/h5p/media/attach/route.ts',
    tag: 'H5P content',
    module: m(h5pMediaAttach),
    operations: { POST: { summary: 'Attach uploaded files to content', success: { kind: 'envelope', data: 'contentId, attached, count, mediaType' }, errors: { 403: [NOT_OWNER], ...contentErrors } } },
  },
  {
    file: 'app/h5p/health/route.ts',
    tag: 'Service',
    module: m(h5pHealth),
    operations: { GET: { summary: 'Health of the H5P service', success: { kind: 'envelope', extra: { service: { const: 'h5p' }, timestamp: { type: 'string', format: 'date-time' } } } } },
  },

  // ------------------------------------------------------------ H5P libraries
  {
    file: 'app/h5p/content-types/route.ts',
    tag: 'H5P libraries',
    module: m(h5pContentTypes),
    operations: { GET: { summary: 'Content types', success: { kind: 'envelope', data: 'contentTypes: array of id, title, description, majorVersion, minorVersion' } } },
  },
  {
    file: 'app/h5p/libraries/route.ts',
    tag: 'H5P libraries',
    module: m(h5pLibraries),
    operations: { GET: { summary: 'Installed libraries', success: { kind: 'envelope', data: 'array of machineName, versions, latestVersion' } } },
  },
  {
    file: 'app/h5p/libraries/status/route.ts',
    tag: 'H5P libraries',
    module: m(h5pLibraryStatus),
    operations: { GET: { summary: 'Essential content types installed', success: { kind: 'envelope', data: 'total, installed, ready, status (array of name, installed)' } } },
  },
  {
    file: 'app/h5p/libraries/install/route.ts',
    tag: 'H5P libraries',
    module: m(h5pInstall),
    operations: {
      POST: {
        summary: 'Install a content type from the H5P Hub',
        success: { kind: 'envelope', message: true },
        errors: { 400: ['Validation error: machineName is not a library machine name'], 403: ['You are not allowed to install this content type'], 404: ['Content type not found on the H5P Hub'], 502: [HUB_UNREACHABLE], 503: ['Another installation is in progress; try again'] },
      },
    },
  },
  {
    file: 'app/h5p/libraries/install-essentials/route.ts',
    tag: 'H5P libraries',
    module: m(h5pInstallEssentials),
    operations: { POST: { summary: 'Install the essential content types', success: { kind: 'envelope', data: 'total, installed, failed, results (name, success, error)', message: true }, errors: { 502: [HUB_UNREACHABLE] } } },
  },

  // ------------------------------------------------------------ the H5P client's own routes (app/h5p/[...path]: lib/h5p/http/ajax.ts)
  {
    file: 'app/h5p/[...path]/route.ts',
    path: '/h5p/ajax',
    tag: 'H5P player and editor',
    operations: {
      GET: {
        summary: 'Editor AJAX reads (content type cache, libraries)',
        handler: ajaxGet,
        query: z.object({ action: z.enum(AJAX_ACTIONS.GET), machineName: z.string().max(255).optional(), majorVersion: z.string().max(20).optional(), minorVersion: z.string().max(20).optional(), language: languageCode.optional() }),
        success: { kind: 'json', description: 'the answer the H5P editor expects' },
      },
      POST: {
        summary: 'Editor AJAX calls (libraries, translations, files, filter, installs, uploads)',
        description: 'library-upload installs libraries from a package: only a super administrator.',
        handler: ajaxPost,
        query: z.object({ action: z.enum(AJAX_ACTIONS.POST), language: languageCode.optional(), id: z.string().max(100).optional(), hubId: z.string().max(255).optional() }),
        requestBody: {
          content: {
            'application/json': { schema: { type: 'object' } },
            'application/x-www-form-urlencoded': { schema: { type: 'object' } },
            'multipart/form-data': { schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' }, h5p: { type: 'string', format: 'binary' } } } },
          },
        },
        success: { kind: 'json', description: 'the answer the H5P editor expects' },
        errors: { 413: ['File too large'] },
      },
    },
  },
  {
    file: 'app/h5p/[...path]/route.ts',
    path: '/h5p/contentUserData/{contentId}/{dataType}/{subContentId}',
    tag: 'H5P player and editor',
    operations: {
      GET: {
        summary: 'Saved state of the player',
        handler: ajaxGet,
        params: z.object({ contentId: id100, dataType: id100, subContentId: id100 }),
        query: z.object({ contextId: z.string().max(255).optional(), asUserId: z.string().max(255).optional() }),
        success: { kind: 'json', description: 'success, data (the saved state, or false)' },
        errors: contentErrors,
      },
      POST: {
        summary: 'Save the player\'s state',
        handler: ajaxPost,
        params: z.object({ contentId: id100, dataType: id100, subContentId: id100 }),
        query: z.object({ contextId: z.string().max(255).optional(), ignorePost: z.enum(['yes']).optional() }),
        requestBody: form({ data: { type: 'string' }, preload: { type: 'string', enum: ['0', '1'] }, invalidate: { type: 'string', enum: ['0', '1'] } }, []),
        success: { kind: 'json', description: 'success' },
        errors: contentErrors,
      },
    },
  },
  {
    file: 'app/h5p/[...path]/route.ts',
    path: '/h5p/finishedData',
    tag: 'H5P player and editor',
    operations: {
      POST: {
        summary: 'Record a result of the player',
        handler: ajaxPost,
        requestBody: form(
          { contentId: { type: 'string', maxLength: 100 }, score: { type: 'number' }, maxScore: { type: 'number' }, opened: { type: 'integer' }, finished: { type: 'integer' }, time: { type: 'integer' } },
          ['contentId', 'score', 'maxScore'],
        ),
        success: { kind: 'json', description: 'success' },
        errors: { 400: ['Validation error: contentId, score and maxScore are required'], ...contentErrors },
      },
    },
  },
  {
    file: 'app/h5p/[...path]/route.ts',
    path: '/h5p/params/{contentId}',
    tag: 'H5P player and editor',
    operations: { GET: { summary: 'Parameters of content (editor)', handler: ajaxGet, params: z.object({ contentId: id100 }), success: { kind: 'json', description: 'the content\'s parameters and metadata' }, errors: contentErrors } },
  },
  {
    file: 'app/h5p/[...path]/route.ts',
    path: '/h5p/download/{contentId}',
    tag: 'H5P player and editor',
    operations: {
      GET: { summary: 'Download content as an .h5p package (player)', handler: ajaxGet, params: z.object({ contentId: id100 }), success: { kind: 'file', description: 'the .h5p package', contentType: 'application/zip' }, errors: contentErrors },
    },
  },

  // ------------------------------------------------------------ learner results
  {
    file: 'app/h5p/xapi/[contentId]/route.ts',
    tag: 'Results',
    module: m(h5pXapi),
    operations: {
      POST: {
        summary: 'Record a batch of xAPI statements from a player (content token in ?token=; JSON sent as text/plain so the sandboxed player needs no preflight)',
        description:
          'At most 50 statements of at most 32 KB each; every statement must be about this content. A player token records for its viewer, an embed token for the anonymous viewer named in learner.id. Statement ids make a repeated batch a no-op (200, duplicates counted); 201 when anything new was stored.',
        status: 201,
        success: { kind: 'envelope', data: 'attemptId, kind (attempt, view — nothing done yet — or preview — the owner\'s own play), stored, duplicates' },
        errors: { 400: ['Validation error: learner: an anonymous viewer needs an id'], 403: ['Statement does not belong to this content (statement <n>)'], ...contentErrors },
      },
    },
  },
  {
    file: 'app/api/results/content/[contentId]/route.ts',
    tag: 'Results',
    module: m(resultsContent),
    operations: {
      GET: {
        summary: 'Results of one content item: summary, score histogram, time spent, item analysis (owner, or an admin of the owner\'s tenant); ?format=csv: the item analysis',
        description:
          'Only attempts count: a play is an attempt from the learner\'s first interaction (answered, interacted, progressed, completed …); a play with none is a view, and the owner\'s own plays are previews — both are counted apart (summary.views, summary.previews) and left out of every other number. ?attempts=first (the default) bases item analysis on each learner\'s first answer to each question, ?attempts=all on every answer (retries too). A question is named in its own words; an answer without a success flag is correct when it has the full score.',
        success: { kind: 'envelope', data: 'content {id, title, mainLibrary}, summary {attempts, views, previews, learners, completed, completionRate, averageScore, medianScore, histogram[10], averageDurationMs, medianDurationMs, totalDurationMs}, items [{itemId, name, interactionType, answers, correct, shareCorrect, averageScore, commonWrongAnswers}]' },
        errors: { 400: ['Validation error: attempts: must be first or all'], ...contentErrors },
      },
    },
  },
  {
    file: 'app/api/results/content/[contentId]/attempts/route.ts',
    tag: 'Results',
    module: m(resultsContentAttempts),
    operations: {
      GET: { summary: 'Attempts at one content item, newest first (limit, offset; ?format=csv: all)', success: { kind: 'envelope', data: 'attempts', extra: { total: { type: 'integer' } } }, errors: contentErrors },
    },
  },
  {
    file: 'app/api/results/collections/[id]/route.ts',
    tag: 'Results',
    module: m(resultsCollection),
    operations: {
      GET: { summary: 'A collection\'s learner × item grid of best scores and completion (limit, offset over learners; ?format=csv)', success: { kind: 'envelope', data: 'items, learners [{key, name, cells}], totalLearners', extra: { total: { type: 'integer' } } }, errors: { 404: ['Collection not found'] } },
    },
  },
  {
    file: 'app/api/results/learners/[learnerKey]/route.ts',
    tag: 'Results',
    module: m(resultsLearner),
    operations: { GET: { summary: 'One learner\'s attempts at the caller\'s content (an admin: their tenant\'s), newest first (?format=csv)', success: { kind: 'envelope', data: 'attempts', extra: { total: { type: 'integer' } } } } },
  },
  {
    file: 'app/api/results/me/route.ts',
    tag: 'Results',
    module: m(resultsMe),
    operations: { GET: { summary: 'The signed-in learner\'s own attempts, newest first (?format=csv)', success: { kind: 'envelope', data: 'attempts', extra: { total: { type: 'integer' } } } } },
  },
  {
    file: 'app/api/admin/results/learners/[learnerKey]/route.ts',
    tag: 'Results',
    module: m(adminResultsLearner),
    operations: {
      GET: { summary: 'GDPR access: everything stored about one learner\'s learning in the admin\'s scope (admin)', success: { kind: 'file', description: 'JSON download: attempts, responses, statements, savedState, ltiLaunches, playerScores', contentType: 'application/json' }, errors: { 403: ['Admin access required'] } },
      DELETE: { summary: 'GDPR erasure: delete one learner\'s results in the admin\'s scope (admin; audited)', success: { kind: 'envelope', data: 'attempts, playerScores, savedState, ltiLaunches (deleted)', message: true }, errors: { 403: ['Admin access required'] } },
    },
  },

  // ------------------------------------------------------------ AI
  {
    file: 'app/api/ai/generate/route.ts',
    tag: 'AI',
    module: m(aiGenerate),
    operations: {
      POST: {
        summary: 'Generate one item from a topic or pasted text (every plan; one AI credit, given back on failure): saved as private content, or a draft (save: false)',
        status: 201,
        success: { kind: 'envelope', data: 'contentId (null for a draft), draft {library, params, metadata}, credits {used, limit}', message: true },
        errors: {
          400: ['Content type <type> is not installed'],
          429: ['AI generation limit reached', 'Monthly content quota exceeded'],
          502: ['AI provider returned invalid content', 'AI provider is unavailable: <reason>'],
          503: ['AI generation is not configured'],
        },
      },
    },
  },

  {
    file: 'app/api/ai/generate/url/route.ts',
    tag: 'AI',
    module: m(aiGenerateUrl),
    operations: {
      POST: {
        summary: 'Generate one item from a web page (url-to-h5p; one AI credit): fetched server-side with the SSRF guard, main text extracted',
        status: 201,
        success: { kind: 'envelope', data: 'contentId, draft, credits, source {url, title}', message: true },
        errors: { 400: ['Validation error: url: <why the address is refused>'], 422: ['Could not fetch the page: <reason>', 'The page has too little text to build an activity from'], 429: ['AI generation limit reached'], 502: ['AI provider returned invalid content'], 503: ['AI generation is not configured'] },
      },
    },
  },
  {
    file: 'app/api/ai/generate/branching-scenario/route.ts',
    tag: 'AI',
    module: m(aiGenerateBranching),
    operations: {
      POST: {
        summary: 'A Branching Scenario from a topic or text (branching-scenario; one AI credit): questionCount decision steps (1–10) whose options continue or end it, with feedback and scores',
        status: 201,
        success: { kind: 'envelope', data: 'contentId (null for a draft), draft, credits', message: true },
        errors: { 400: ['Content type H5P.BranchingScenario is not installed'], 422: ['Generated content does not fit the semantics of <library> (at <path>)'], 429: ['AI generation limit reached'], 502: ['AI provider returned invalid content'], 503: ['AI generation is not configured'] },
      },
    },
  },
  {
    file: 'app/api/ai/generate/image-hotspots/route.ts',
    tag: 'AI',
    module: m(aiGenerateHotspots),
    operations: {
      POST: {
        summary: 'Image Hotspots from an uploaded image (image-hotspot; one AI credit): the provider looks at the image (vision input) and places the hotspots',
        requestBody: {
          required: true,
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                required: ['image'],
                properties: {
                  image: { type: 'string', format: 'binary', description: 'PNG, JPEG or GIF, at most 10 MB' },
                  topic: { type: 'string', description: 'what the hotspots should explain' },
                  curriculum: { type: 'string', description: 'the curriculum objective, as JSON (like POST /api/ai/generate)' },
                  questionCount: { type: 'integer', description: 'hotspots, 1–12 (default 5)' },
                  language: { type: 'string' },
                  difficulty: { type: 'string' },
                  bloomsLevel: { type: 'string' },
                  save: { type: 'string', enum: ['true', 'false'] },
                },
              },
            },
          },
        },
        status: 201,
        success: { kind: 'envelope', data: 'contentId (null for a draft), draft (with tempImageFiles), credits', message: true },
        errors: { 400: ['Validation error: image: an image is required', 'File type not allowed', UPLOAD_TRUNCATED], 413: ['File too large'], 429: ['AI generation limit reached'], 502: ['AI provider returned invalid content'], 503: ['AI generation is not configured'] },
      },
    },
  },
  {
    file: 'app/api/ai/jobs/video/route.ts',
    tag: 'AI',
    module: m(aiJobsVideo),
    operations: {
      POST: {
        summary: 'An Interactive Video with questions at timestamps, as a job (video-to-h5p; one AI credit): an uploaded or linked video with its WebVTT captions, or transcribed by the provider',
        requestBody: {
          required: true,
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                properties: {
                  video: { type: 'string', format: 'binary', description: 'MP4, WebM or Ogg, at most 200 MB (25 MB without captions)' },
                  videoUrl: { type: 'string', description: 'instead of video: a YouTube link (captions required) or a video file URL' },
                  captions: { type: 'string', format: 'binary', description: 'WebVTT, at most 1 MB' },
                  captionsUrl: { type: 'string', description: 'instead of captions: their address (fetched through the SSRF guard)' },
                  curriculum: { type: 'string', description: 'the curriculum objective, as JSON (like POST /api/ai/generate)' },
                  title: { type: 'string' },
                  questionCount: { type: 'integer', description: '1–20 (default 5)' },
                  language: { type: 'string' },
                  difficulty: { type: 'string' },
                  bloomsLevel: { type: 'string' },
                },
              },
            },
          },
        },
        status: 202,
        success: { kind: 'envelope', data: 'job (results[0].contentId when it ends)', message: true },
        errors: {
          400: ['Validation error: video: upload a video file or give videoUrl', 'Validation error: captions: a YouTube video needs its WebVTT captions', 'Validation error: captions: not a WebVTT file (it must start with WEBVTT)', 'File type not allowed', UPLOAD_TRUNCATED],
          413: ['File too large'],
          503: ['AI generation is not configured'],
        },
      },
    },
  },
  {
    file: 'app/api/ai/jobs/bulk/route.ts',
    tag: 'AI',
    module: m(aiJobsBulk),
    operations: { POST: { summary: 'Bulk generation as a job: up to 50 items (bulk-generation; one AI credit per item as it runs; stops when credits run out)', status: 202, success: { kind: 'envelope', data: 'job (id, kind, status, progress {done, total}, results)', message: true }, errors: { 503: ['AI generation is not configured'] } } },
  },
  {
    file: 'app/api/ai/jobs/lesson-bundle/route.ts',
    tag: 'AI',
    module: m(aiJobsBundle),
    operations: { POST: { summary: 'A lesson bundle as a job: 3 to 6 items for one objective across Bloom\'s levels, gathered in a new collection (lesson-bundle; one AI credit per item)', status: 202, success: { kind: 'envelope', data: 'job (output.collectionId when it ends)', message: true }, errors: { 503: ['AI generation is not configured'] } } },
  },
  {
    file: 'app/api/ai/jobs/pdf/route.ts',
    tag: 'AI',
    module: m(aiJobsPdf),
    operations: {
      POST: {
        summary: 'One item from a PDF\'s pages as a job (pdf-to-h5p; one AI credit): the text is read with pdf.js (unpdf) at once, the generation is queued',
        requestBody: {
          required: true,
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                required: ['file', 'contentType'],
                properties: {
                  file: { type: 'string', format: 'binary', description: 'a PDF, at most 20 MB and 500 pages' },
                  contentType: { type: 'string' },
                  pages: { type: 'string', description: 'page ranges like 1-3,5 (default: all)' },
                  curriculum: { type: 'string', description: 'the curriculum objective, as JSON (like POST /api/ai/generate)' },
                  language: { type: 'string' },
                  difficulty: { type: 'string' },
                  bloomsLevel: { type: 'string' },
                  questionCount: { type: 'integer' },
                },
              },
            },
          },
        },
        status: 202,
        success: { kind: 'envelope', data: 'job', message: true },
        errors: { 400: ['Validation error: file: not a PDF', 'Validation error: pages: the PDF has <n> pages'], 413: ['File too large'], 422: ['The PDF has no text to build an activity from (a scanned document?)'], 503: ['AI generation is not configured'] },
      },
    },
  },
  {
    file: 'app/api/ai/recommendations/route.ts',
    tag: 'AI',
    module: m(aiRecommendations),
    operations: { POST: { summary: 'Public items that fill a collection\'s Bloom\'s gaps or match an objective, ranked with reasons (ai-recommendation; one AI credit when there is something to rank)', success: { kind: 'envelope', data: 'gaps, recommendations [{contentId, title, mainLibrary, bloomsLevel, fillsGap, reason}], credits' }, errors: { 404: ['Collection not found'], 503: ['AI generation is not configured'] } } },
  },
  {
    file: 'app/api/ai/jobs/route.ts',
    tag: 'AI',
    module: m(aiJobs),
    operations: { GET: { summary: 'The caller\'s AI jobs, newest first (the API rate tier: pages poll jobs)', success: { kind: 'envelope', data: 'jobs' }, errors: { 503: ['AI generation is not configured'] } } },
  },
  {
    file: 'app/api/ai/jobs/[jobId]/route.ts',
    tag: 'AI',
    module: m(aiJob),
    operations: {
      GET: { summary: 'One job: status (queued, running, completed, completed_with_errors, stopped_no_credits, cancelled), progress and the items made', success: { kind: 'envelope', data: 'job' }, errors: { 404: ['Job not found'], 503: ['AI generation is not configured'] } },
      DELETE: { summary: 'Stop a job: the items not started yet are skipped; what was made stays', success: { kind: 'envelope', data: 'job', message: true }, errors: { 404: ['Job not found'], 503: ['AI generation is not configured'] } },
    },
  },
  {
    file: 'app/api/ai/content/[contentId]/critique/route.ts',
    tag: 'AI',
    module: m(aiCritique),
    operations: { POST: { summary: 'Bloom\'s critique of an item with rewrite suggestions (blooms-critique; one AI credit)', success: { kind: 'envelope', data: 'contentId, bloomsLevel, explanation, suggestions [{issue, rewrite, targetLevel}], credits' }, errors: { ...contentErrors, 429: ['AI generation limit reached'], 502: ['AI provider returned invalid content'], 503: ['AI generation is not configured'] } } },
  },
  {
    file: 'app/api/ai/content/[contentId]/differentiate/route.ts',
    tag: 'AI',
    module: m(aiDifferentiate),
    operations: { POST: { summary: 'An easier, harder or reading-level variant of an item (differentiation; one AI credit)', status: 201, success: { kind: 'envelope', data: 'contentId, draft, credits', message: true }, errors: { ...contentErrors, 400: ['Content type <type> cannot be generated yet'], 429: ['AI generation limit reached'], 503: ['AI generation is not configured'] } } },
  },
  {
    file: 'app/api/ai/content/[contentId]/remix/route.ts',
    tag: 'AI',
    module: m(aiRemix),
    operations: { POST: { summary: 'An item remade as another content type (content-remixer; one AI credit)', status: 201, success: { kind: 'envelope', data: 'contentId, draft, credits', message: true }, errors: { ...contentErrors, 429: ['AI generation limit reached'], 503: ['AI generation is not configured'] } } },
  },

  // ------------------------------------------------------------ LTI
  {
    file: 'app/lti/config/route.ts',
    tag: 'LTI',
    module: m(ltiConfig),
    operations: { GET: { summary: 'LTI 1.3 tool configuration', success: { kind: 'envelope', data: 'enabled, launchUrl, jwksUrl, deepLinkUrl, loginUrl' } } },
  },
  {
    file: 'app/lti/login/route.ts',
    tag: 'LTI',
    module: m(ltiLogin),
    operations: Object.fromEntries(
      (['GET', 'POST'] as const).map((method) => [
        method,
        {
          summary: 'OIDC third-party-initiated login (the loginUrl): redirects to the platform\'s authorization endpoint with state and nonce',
          ...(method === 'POST' ? { requestBody: form(Object.fromEntries(['iss', 'login_hint', 'target_link_uri', 'lti_message_hint', 'lti_deployment_id', 'client_id'].map((k) => [k, { type: 'string' }])), ['iss', 'login_hint', 'target_link_uri']) } : {}),
          status: 302,
          success: { kind: 'file', description: 'redirect (Location) to the platform\'s authLoginUrl', contentType: 'text/plain' },
          errors: { 400: ['Missing iss parameter', 'Missing login_hint parameter', 'Missing target_link_uri parameter'], 401: ['Unregistered platform'], 503: ['LTI integration is not configured'] },
        },
      ]),
    ),
  },
  {
    file: 'app/lti/launch/route.ts',
    tag: 'LTI',
    module: m(ltiLaunch),
    operations: {
      POST: {
        summary: 'LTI 1.3 launch: the platform form-posts a signed id_token; redirects to the target with a short-lived launch token',
        requestBody: form({ id_token: { type: 'string' }, state: { type: 'string' } }, ['id_token']),
        status: 302,
        success: { kind: 'file', description: 'redirect (Location): the target_link_uri, else /workspace?lti=true&resource=<id>, else /workspace?lti=true; deep linking: the content picker', contentType: 'text/plain' },
        errors: {
          400: ['Missing id_token parameter', 'Invalid launch: <claim> must be an absolute https URL (target_link_uri, deep_link_return_url, launch_presentation.return_url; http too for an http platform)'],
          401: ['Unregistered platform', 'Invalid or expired nonce', 'Invalid token format', 'Invalid token: <reason>'],
          503: ['LTI integration is not configured'],
        },
      },
    },
  },
  {
    file: 'app/lti/jwks/route.ts',
    tag: 'LTI',
    module: m(ltiJwks),
    operations: { GET: { summary: 'The tool\'s public key set (RS256)', success: { kind: 'json', description: 'keys: kty, n, e, kid, use (sig), alg (RS256)' }, errors: { 500: ['Failed to get JWKS'] } } },
  },
  {
    file: 'app/lti/platforms/route.ts',
    tag: 'LTI',
    module: m(ltiPlatforms),
    operations: {
      // converted: summary, status, response schema and errors are in the route file's options
      POST: {},
      GET: {},
    },
  },
  {
    file: 'app/lti/platforms/[platformId]/route.ts',
    tag: 'LTI',
    module: m(ltiPlatform),
    operations: {
      // converted but for DELETE's answer (a message, no data), which stays described here until the option exists
      PATCH: {},
      DELETE: { success: { kind: 'envelope', message: true } },
    },
  },
  {
    file: 'app/lti/platforms/[platformId]/passback/retry/route.ts',
    tag: 'LTI',
    module: m(ltiPassbackRetry),
    operations: { POST: { summary: 'Send a platform\'s failed grades again', success: { kind: 'envelope', data: 'retried (number of grades queued)' }, errors: { 404: ['Platform not found'] } } },
  },
  {
    file: 'app/lti/deep-link/route.ts',
    tag: 'LTI',
    module: m(ltiDeepLink),
    operations: { POST: { summary: 'A deep-linking response JWT (RS256, 5 minutes) for the chosen content (only content the caller may read)', success: { kind: 'envelope', data: 'jwt' }, errors: { 404: ['Content <id> not found or not accessible'], 500: ['Platform not found'] } } },
  },
  {
    file: 'app/lti/ags/lineitems/route.ts',
    tag: 'LTI',
    module: m(ltiLineItems),
    operations: {
      GET: { summary: 'A course\'s line items (AGS)', success: { kind: 'envelope', data: 'id, label, scoreMaximum, resourceId, tag, startDateTime, endDateTime' }, errors: { 500: ['Platform not found', 'AGS endpoint not configured for platform: <id>', 'Failed to list line items: <status>', 'Token request failed with status <status>'] } },
      POST: { summary: 'Create a line item (AGS)', status: 201, success: { kind: 'envelope', data: 'id, label, scoreMaximum, resourceId, tag' }, errors: { 500: ['Platform not found', 'AGS endpoint not configured for platform: <id>', 'Failed to create line item: <status>', 'Token request failed with status <status>'] } },
    },
  },
  {
    file: 'app/lti/ags/scores/route.ts',
    tag: 'LTI',
    module: m(ltiScores),
    operations: { POST: { summary: 'Publish a score (Completed, FullyGraded)', success: { kind: 'envelope', message: true }, errors: { 500: ['Platform not found', 'AGS endpoint not configured for platform: <id>', 'Failed to publish score: <status>', 'Token request failed with status <status>'] } } },
  },
  {
    file: 'app/lti/nrps/members/route.ts',
    tag: 'LTI',
    module: m(ltiMembers),
    operations: { GET: { summary: 'A course\'s roster (NRPS, every page up to 50)', success: { kind: 'envelope', data: 'id, context {id}, members (userId, roles, name, email, status)' }, errors: { 500: ['Platform not found', 'NRPS endpoint not configured for platform: <id>', 'Failed to fetch members: <status>', 'Token request failed with status <status>'] } } },
  },
  {
    file: 'app/lti/contexts/route.ts',
    tag: 'LTI',
    module: m(ltiContexts),
    operations: { GET: { summary: 'The courses (LTI contexts) of the caller\'s platforms', success: { kind: 'envelope', data: 'platformId, platformName, contextId, title, label, lastLaunchAt, hasRoster' } } },
  },
  {
    file: 'app/lti/contexts/[platformId]/[contextId]/route.ts',
    tag: 'LTI',
    module: m(ltiContext),
    operations: { GET: { summary: 'One course: its roster with each learner\'s results and passback state', success: { kind: 'envelope', data: 'platform, context, contents, rosterError, members' }, errors: { 404: ['Course not found'] } } },
  },
  {
    file: 'app/lti/picker/route.ts',
    tag: 'LTI',
    module: m(ltiPicker),
    operations: { GET: { summary: 'The instructor\'s content picker after a deep-linking launch (?lti_launch=); binds the launch to this browser (cookie lumen_lti_browser)', success: { kind: 'file', description: 'HTML page', contentType: 'text/html' } } },
  },
  {
    file: 'app/lti/picker/items/route.ts',
    tag: 'LTI',
    module: m(ltiPickerItems),
    operations: { GET: { summary: 'The picker\'s list: the linked instructor\'s content and public content', success: { kind: 'envelope', data: 'items (id, title, type, mine, updatedAt), types' }, errors: { 401: ['This launch has expired: open the activity again from your course'], 403: ['This launch was opened in another browser: open it again from your course'], 409: ['Link your account first'] } } },
  },
  {
    file: 'app/lti/picker/submit/route.ts',
    tag: 'LTI',
    module: m(ltiPickerSubmit),
    operations: {
      POST: {
        summary: 'The chosen items back to the platform (an auto-submitted deep-linking response), only from the browser the launch is bound to (else a 403 page)',
        requestBody: form({ lti_launch: { type: 'string' }, content: { type: 'array', items: { type: 'string' } } }, ['lti_launch', 'content']),
        success: { kind: 'file', description: 'HTML page that form-posts the JWT to the platform', contentType: 'text/html' },
      },
    },
  },
  {
    file: 'app/lti/link/route.ts',
    tag: 'LTI',
    module: m(ltiLink),
    operations: {
      GET: { summary: 'The account-link pop-up (signed in; else to the sign-in page)', success: { kind: 'file', description: 'HTML page', contentType: 'text/html' } },
      POST: {
        summary: 'Link the launch\'s LMS user to the signed-in account',
        requestBody: form({ lti_launch: { type: 'string' } }, ['lti_launch']),
        success: { kind: 'file', description: 'HTML page', contentType: 'text/html' },
      },
    },
  },
];


