// The message catalogs: one JSON file per namespace and language (lib/i18n/messages/<locale>/<namespace>.json).
// English is the source; every other language has exactly its keys (lib/i18n/catalogs.test.ts checks it).
import type { Locale } from './config';
import enCommon from './messages/en/common.json';
import enShell from './messages/en/shell.json';
import enAuth from './messages/en/auth.json';
import enWorkspace from './messages/en/workspace.json';
import enSettings from './messages/en/settings.json';
import enContent from './messages/en/content.json';
import enPlayer from './messages/en/player.json';
import enMarketplace from './messages/en/marketplace.json';
import enCollections from './messages/en/collections.json';
import enCurriculum from './messages/en/curriculum.json';
import enResults from './messages/en/results.json';
import enAdmin from './messages/en/admin.json';
import enLti from './messages/en/lti.json';
import enAi from './messages/en/ai.json';
import enPeople from './messages/en/people.json';
import enMail from './messages/en/mail.json';
import deCommon from './messages/de/common.json';
import deShell from './messages/de/shell.json';
import deAuth from './messages/de/auth.json';
import deWorkspace from './messages/de/workspace.json';
import deSettings from './messages/de/settings.json';
import deContent from './messages/de/content.json';
import dePlayer from './messages/de/player.json';
import deMarketplace from './messages/de/marketplace.json';
import deCollections from './messages/de/collections.json';
import deCurriculum from './messages/de/curriculum.json';
import deResults from './messages/de/results.json';
import deAdmin from './messages/de/admin.json';
import deLti from './messages/de/lti.json';
import deAi from './messages/de/ai.json';
import dePeople from './messages/de/people.json';
import deMail from './messages/de/mail.json';

export const NAMESPACES = ['common', 'shell', 'auth', 'workspace', 'settings', 'content', 'player', 'marketplace', 'collections', 'curriculum', 'results', 'admin', 'lti', 'ai', 'people', 'mail'] as const;

const en = { common: enCommon, shell: enShell, auth: enAuth, workspace: enWorkspace, settings: enSettings, content: enContent, player: enPlayer, marketplace: enMarketplace, collections: enCollections, curriculum: enCurriculum, results: enResults, admin: enAdmin, lti: enLti, ai: enAi, people: enPeople, mail: enMail };
export type Messages = typeof en;

export const CATALOGS: Record<Locale, Messages> = {
  en,
  de: { common: deCommon, shell: deShell, auth: deAuth, workspace: deWorkspace, settings: deSettings, content: deContent, player: dePlayer, marketplace: deMarketplace, collections: deCollections, curriculum: deCurriculum, results: deResults, admin: deAdmin, lti: deLti, ai: deAi, people: dePeople, mail: deMail },
};
