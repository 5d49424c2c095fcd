// The Details tab's licence and authors: the same list as the player bar's "Rights of use" dialog, and for the
// owner or an editor the form that edits them (RightsForm.tsx).
export { RightsDetails } from './RightsForm';
