// ESLint (flat config) with typed rules from typescript-eslint.
import tseslint from 'typescript-eslint';

// ---- Layers (ARCHITECTURE.md "Layers"): a wrong arrow fails lint.
//   base        lib/{errors,db,cache,files,shared,net,content,mail,generated}, lib/config.ts, lib/log.ts, lib/test-pause.ts
//   identity    lib/{auth,plans,tenant,settings,i18n}
//   features    lib/{h5p,results,collections,curriculum,marketplace,referral,billing,lti,ai,admin,people,health}
//   http        lib/http, lib/startup.ts, and each feature's HTTP adapter (lib/*/http.ts, lib/h5p/http/)
//   top         app/, components/
// A layer imports only from layers below it; one feature reaches another only through its public entry
// (`@/lib/<feature>`, its index.ts), never its files; type-only imports of the HTTP layer are allowed below it.
const FEATURES = ['h5p', 'results', 'collections', 'curriculum', 'marketplace', 'referral', 'billing', 'lti', 'ai', 'admin', 'people', 'health'];
const IDENTITY = ['auth', 'plans', 'tenant', 'settings', 'i18n'];
const topLayer = { group: ['@/app/*', '@/components/*', '**/app/*', '**/components/*'], message: 'lib/ never imports app/ or components/ (layers: ARCHITECTURE.md).' };
const http = { group: ['@/lib/http', '@/lib/http/*', '@/lib/startup'], allowTypeImports: true, message: 'The HTTP layer sits above the features: only a feature\'s HTTP adapter (http.ts) imports it (ARCHITECTURE.md).' };
const features = (except) => ({
  group: FEATURES.filter((f) => f !== except).flatMap((f) => [`@/lib/${f}`, `@/lib/${f}/*`]),
  message: 'Features sit above this layer (ARCHITECTURE.md).',
});
const identity = { group: IDENTITY.flatMap((f) => [`@/lib/${f}`, `@/lib/${f}/*`]), message: 'Identity and accounts sit above the base layer (ARCHITECTURE.md).' };
const internals = (self) => ({
  group: FEATURES.filter((f) => f !== self).map((f) => `@/lib/${f}/*`),
  message: 'Another feature is reached through its public entry `@/lib/<feature>` (its index.ts), never its files (ARCHITECTURE.md).',
});
const restrict = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });
const layerRules = [
  {
    files: ['lib/{errors,db,cache,files,shared,net,content,mail}/**/*.ts', 'lib/config.ts', 'lib/log.ts', 'lib/test-pause.ts'],
    ignores: ['**/*.test.ts'],
    rules: restrict(topLayer, { ...http, allowTypeImports: false }, features(), identity),
  },
  {
    files: IDENTITY.map((f) => `lib/${f}/**/*.ts`),
    ignores: ['**/*.test.ts'],
    rules: restrict(topLayer, http, features()),
  },
  ...FEATURES.map((f) => ({
    files: [`lib/${f}/**/*.ts`],
    ignores: ['**/*.test.ts', 'lib/*/http.ts', 'lib/h5p/http/**'],
    rules: restrict(topLayer, http, internals(f)),
  })),
  {
    // a feature's HTTP adapter may use the route wrapper, still not another feature's files
    files: ['lib/*/http.ts', 'lib/h5p/http/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: restrict(topLayer),
  },
  {
    files: ['lib/http/**/*.ts', 'lib/startup.ts'],
    ignores: ['**/*.test.ts'],
    rules: restrict(topLayer),
  },
];


export default tseslint.config(
  { ignores: ['node_modules/', '.next*/', 'lib/generated/', 'data/', '.data/', 'test-results/', 'playwright-report/', '.vendor/', 'next-env.d.ts'] },
  ...tseslint.configs.recommendedTypeChecked.map((c) => ({ ...c, files: ['**/*.{ts,tsx}'] })),
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-redundant-type-constituents': 'off',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  ...layerRules,
  {
    // issue 25: one styling system — CSS modules on the design tokens (app/globals.css) and components/ui; no inline
    // style objects. The root layout's <body> alone carries the tenant's brand colour as --brand (a value per tenant).
    files: ['app/**/*.tsx', 'components/**/*.tsx'],
    ignores: ['app/layout.tsx'],
    rules: {
      'no-restricted-syntax': ['error', { selector: "JSXAttribute[name.name='style']", message: 'No inline style objects: use a CSS module on the design tokens (components/ui, app/globals.css).' }],
    },
  },
);
