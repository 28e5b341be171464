import { loadDictionary, setDictionary } from './i18n/dictionary';
import { currentLang } from './i18n/lang';

// The user's dictionary and the app download side by side; the app renders once both are in. Promises, not a
// top-level await: a chunk loaded meanwhile may import from this one, which must have finished evaluating.
void Promise.all([loadDictionary(currentLang()).then(setDictionary), import('./boot')]).then(([, { boot }]) => boot());
