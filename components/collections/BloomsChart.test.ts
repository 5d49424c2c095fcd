// The Bloom's chart explains its numbers in words (issue 23, item 5): how the coverage score is made, what the
// number in brackets beside each level means, and where each item's level comes from — in English and German.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { NextIntlClientProvider } from 'next-intl';
import { describe, expect, it } from 'vitest';
import { analyseBlooms } from '@/lib/collections/blooms';
import de from '@/lib/i18n/messages/de/collections.json';
import en from '@/lib/i18n/messages/en/collections.json';
import { BloomsChart } from './BloomsChart';

const render = (locale: 'en' | 'de', messages: unknown, items: Parameters<typeof analyseBlooms>[0]) =>
  renderToStaticMarkup(
    createElement(NextIntlClientProvider, {
      locale,
      messages: { collections: messages } as never,
      timeZone: 'UTC',
      children: createElement(BloomsChart, { analysis: analyseBlooms(items) }),
    }),
  )
    .replace(/<!-- -->/g, '')
    .replace(/&#x27;/g, "'");

const explanation = (html: string) => /data-testid="blooms-explanation"[^>]*>([\s\S]*?)<\/p>/.exec(html)?.[1];

describe('BloomsChart', () => {
  it('explains the coverage score and the deviations in words (English)', () => {
    const html = render('en', en, [{ mainLibrary: 'H5P.MultiChoice 1.16', reportLevel: 'understand' }, { mainLibrary: 'H5P.Mystery 1.0' }]);
    expect(html).toContain('Coverage score: <strong data-testid="blooms-score">17</strong> / 100');
    expect(html).toContain('(-17.5)'); // remember: 0 % against a target of 17.5 %
    expect(explanation(html)).toBe(
      '1 of the six levels has at least one item: each level covered adds one sixth (about 17 points) to the coverage score. ' +
        'The number in brackets compares a level\'s share of the items with its target share, in percentage points: −17.5 means 17.5 points below the target, +20 means 20 points above it. ' +
        'Each item counts at one level: the level of its quality report (1 of 1 items), otherwise the level its content type asks for. ' +
        'One item has a content type without a level and is not counted.',
    );
  });

  it('explains them in German', () => {
    const html = render('de', de, ['H5P.TrueFalse', 'H5P.QuestionSet']);
    expect(explanation(html)).toContain('2 der sechs Stufen haben mindestens ein Element: Jede abgedeckte Stufe bringt ein Sechstel (etwa 17 Punkte) zum Abdeckungswert.');
    expect(explanation(html)).toContain('Die Zahl in Klammern vergleicht');
  });

  it('draws each share and target as SVG attributes, with no inline style', () => {
    const html = render('en', en, [{ mainLibrary: 'H5P.MultiChoice 1.16', reportLevel: 'understand' }, { mainLibrary: 'H5P.TrueFalse 1.8', reportLevel: 'understand' }]);
    const understand = /data-testid="blooms-understand"[\s\S]*?<\/svg>/.exec(html)?.[0] ?? '';
    // the level's share (both items: 100 %) is the bar's width, its target (17.5 %) the mark's place
    expect(understand).toMatch(/<rect class="[^"]*actual[^"]*" x="0" y="3" width="100%"/);
    expect(understand).toMatch(/<rect class="[^"]*target[^"]*" x="17.5%"/);
    expect(html).not.toContain('style=');
  });
});
