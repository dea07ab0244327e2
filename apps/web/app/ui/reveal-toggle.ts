// The show/hide button of password inputs. Its label avoids the word "password" so that the field labelled
// "Password" is the only element that label names (assistive technology and tests look fields up by label).
export const REVEAL_TOGGLE_PROPS = { 'aria-label': 'Show or hide the characters' };
