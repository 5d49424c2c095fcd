import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { NextIntlClientProvider } from 'next-intl';
import { describe, expect, it } from 'vitest';
import en from '@/lib/i18n/messages/en/ai.json';
import de from '@/lib/i18n/messages/de/ai.json';
import { ToolsCard } from './parts';

/** the tools' card without an AI provider, as a teacher or an admin sees it */
function notConfigured(admin: boolean, locale: 'en' | 'de' = 'en'): string {
  return renderToStaticMarkup(
    createElement(NextIntlClientProvider, {
      locale,
      messages: { ai: locale === 'en' ? en : de },
      timeZone: 'UTC',
      children: createElement(ToolsCard, { titleId: 't', testId: 'ai-tools', configured: false, admin, children: 'actions' }),
    }),
  );
}

describe('ToolsCard without an AI provider', () => {
  it('asks a teacher to turn to their administrator: no set-up link, no variable names', () => {
    const html = notConfigured(false);
    expect(html).toContain('AI tools are not available');
    expect(html).toContain('Ask your administrator to set it up.');
    expect(html).not.toContain('href="/content/ai"');
    expect(html).not.toMatch(/AI_API_|AI_MODEL/);
    expect(html).not.toContain('actions');
    expect(notConfigured(false, 'de')).toContain('Wenden Sie sich an Ihre Administratorin oder Ihren Administrator.');
  });

  it('points an admin to the set-up', () => {
    const html = notConfigured(true);
    expect(html).toContain('href="/content/ai"');
    expect(html).toContain('How to set it up');
    expect(html).not.toContain('Ask your administrator');
  });

  it('shows the actions when a provider is configured', () => {
    const html = renderToStaticMarkup(
      createElement(NextIntlClientProvider, {
        locale: 'en',
        messages: { ai: en },
        timeZone: 'UTC',
        children: createElement(ToolsCard, { titleId: 't', testId: 'ai-tools', configured: true, children: 'the actions' }),
      }),
    );
    expect(html).toContain('the actions');
    expect(html).not.toContain('ai-tools-not-configured');
  });
});
