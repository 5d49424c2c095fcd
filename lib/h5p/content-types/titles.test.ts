import { describe, expect, it } from 'vitest';
import { categoriesOf } from './categories';
import { typeSummary, typeTitle } from './titles';

describe('typeTitle', () => {
  it("uses H5P's hub translations of content types, then its library-metadata ones", () => {
    expect(typeTitle('H5P.TrueFalse', 'de', 'True/False Question')).toBe('Richtig/Falsch-Frage (True/False Question)');
    expect(typeTitle('H5P.Blanks', 'de-AT', 'Fill in the Blanks')).toBe('Lückentext (Fill in the Blanks)');
    // a sub-content type only library-metadata translates
    expect(typeTitle('H5P.AdvancedText', 'de', 'Text')).toBe('Text');
    expect(typeTitle('H5P.Image', 'de', 'Image')).toBe('Bild');
  });

  it('keeps the English base text, and falls back to the given title, then the machine name', () => {
    expect(typeTitle('H5P.TrueFalse', 'en', 'True/False Question')).toBe('True/False Question');
    expect(typeTitle('H5P.Unknown', 'de', 'Something')).toBe('Something');
    expect(typeTitle('H5P.Unknown', 'de')).toBe('Unknown');
    expect(typeTitle('H5P.TrueFalse', 'xx', 'True/False Question')).toBe('True/False Question');
  });

  it('typeSummary: the hub translation, else the fallback, else null', () => {
    expect(typeSummary('H5P.TrueFalse', 'de', 'Create True/False questions')).toBe('Erstelle Ja-Nein-Fragen');
    expect(typeSummary('H5P.TrueFalse', 'en', 'Create True/False questions')).toBe('Create True/False questions');
    expect(typeSummary('H5P.Unknown', 'de', '  ')).toBeNull();
  });
});

describe('categoriesOf', () => {
  it("maps the hub's categories, else the built-in map, else other", () => {
    expect(categoriesOf('H5P.MultiChoice', ['Questions', 'Games'])).toEqual(['questions', 'games']);
    expect(categoriesOf('H5P.CoursePresentation', ['Larger Resources'])).toEqual(['presentations']);
    expect(categoriesOf('H5P.MemoryGame', null)).toEqual(['games']);
    expect(categoriesOf('H5P.MemoryGame', ['Unheard of'])).toEqual(['games']);
    expect(categoriesOf('H5P.Whatever')).toEqual(['other']);
  });
});
