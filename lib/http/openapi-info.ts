// The API document's title, introduction and tags (the operations come from each route's own contract).
import pkg from '@/package.json';
import type { DocumentInfo, TagDoc } from './openapi';

export const API_TAGS: TagDoc[] = [
  { name: 'Auth', description: 'Sign-in, tokens, the current user and the plans.' },
  { name: 'Collections', description: 'Ordered lists of content with Bloom\'s Taxonomy suggestions.' },
  { name: 'Curriculum', description: 'Curriculum frameworks synchronised from the central service, and curriculum metadata of content.' },
  { name: 'Marketplace', description: 'Other users\' public content: browse, filter, clone.' },
  { name: 'Referral', description: 'Referral links and conversions.' },
  { name: 'Tenant', description: 'The tenant of the request\'s hostname and its branding.' },
  { name: 'Admin', description: 'Support tools of the super_admin: users and their plans, tenants (every change audited in the log).' },
  { name: 'Sharing', description: 'Sharing content and folders with colleagues of the same school as viewer or editor, "Shared with me", ownership transfer and an admin\'s reassignment of a departing teacher\'s content (every change audited).' },
  { name: 'H5P content', description: 'Create, edit, play, export and import H5P content.' },
  { name: 'H5P libraries', description: 'Installed content types and installing them.' },
  { name: 'H5P player and editor', description: 'The routes the H5P player and editor call themselves (shapes of the H5P client).' },
  { name: 'Results', description: 'Learners\' attempts from the players\' xAPI statements: results per content, collection and learner (feature analytics-dashboard), a learner\'s own results, GDPR export and erasure.' },
  { name: 'AI', description: 'AI generation with an OpenAI-compatible provider (AI_API_URL, AI_API_KEY, AI_MODEL): each generation takes one AI credit of the plan, given back when it fails.' },
  { name: 'LTI', description: 'LTI 1.3 Advantage: the tool configuration, launches, platforms, deep linking, grades (AGS) and rosters (NRPS).' },
  { name: 'Service', description: 'Health and this documentation.' },
];

const DESCRIPTION = `Interactive learning content: author, play, share and sell H5P content.

Every JSON answer is an envelope: \`{ "success": true, "data": …, "message": … }\` on success and \`{ "success": false, "error": "<text>" }\` on failure (a plan gate adds \`requiredPlan\` and \`message\`). Invalid input is \`400 Validation error: <details>\`; an unexpected failure is \`500 Failed to <action>\`.

Callers authenticate with a bearer token from \`POST /api/auth/login\`, the workspace's session cookie, a content-scoped token in \`?token=\` (embedded players only) or, for internal services, \`x-api-key\`. Requests are rate-limited per tier (\`RateLimit-*\` headers).

LTI 1.3 Advantage: a platform (LMS) calls the login and launch addresses itself; the other LTI endpoints answer \`401 Unauthorized\` without credentials.`;

export const API_INFO: DocumentInfo = { title: 'Lumen Learn API', version: pkg.version, description: DESCRIPTION, tags: API_TAGS };
