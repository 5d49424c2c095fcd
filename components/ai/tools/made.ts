// The answer of the content page's actions that make a new item (differentiate, remix with save: true).
import type { AiCredits } from '../shared';

export interface Made {
  contentId: string | null;
  draft: { library: string; metadata: { title: string; language: string } };
  credits: AiCredits;
}
