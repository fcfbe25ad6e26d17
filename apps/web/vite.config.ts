import fs from 'node:fs';
import path from 'node:path';

import react from '@vitejs/plugin-react';
import type { Plugin, Rolldown } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { defineConfig } from 'vitest/config';

const CSS_VARS_STUB = '\0comped:mui-css-vars-off';

/**
 * MUI's `createTheme` and `ThemeProvider` import the CSS-variables theme and provider (with their
 * helpers) whatever the options. lib/theme.ts asks for neither (no `cssVariables`,
 * no `colorSchemes`), so MUI takes its plain path and never calls them; in the build those two
 * imports get a stub that throws if it ever is called. Other imports of the modules are untouched. The build fails if MUI's files move, rather than quietly shipping the code again.
 */
function muiWithoutCssVars(): Plugin {
  const stubbed: Record<string, string> = {
    'createTheme.mjs': './createThemeWithVars.mjs',
    'ThemeProvider.mjs': './ThemeProviderWithVars.mjs',
  };
  const hits = new Set<string>();
  return {
    name: 'comped:mui-without-css-vars',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      const match = importer && /[\\/]@mui[\\/]material[\\/]styles[\\/]([^\\/]+)$/.exec(importer);
      if (!match || stubbed[match[1]!] !== source) return null;
      hits.add(match[1]!);
      return CSS_VARS_STUB;
    },
    load(id) {
      if (id !== CSS_VARS_STUB) return null;
      return [
        "const off = () => { throw new Error('MUI CSS variables are left out of this build (apps/web/vite.config.ts)'); };",
        'export default off;',
        'export const CssVarsProvider = off;',
      ].join('\n');
    },
    buildEnd(err) {
      if (!err && hits.size !== Object.keys(stubbed).length)
        this.error(`muiWithoutCssVars: MUI's imports changed (stubbed only ${[...hits].join(', ') || 'nothing'})`);
    },
  };
}

/**
 * react-hook-form sets its form state's `isReady` as the form mounts, a state update that renders
 * the whole form a second time, in the same task as the first. No form of the app reads `isReady`;
 * react-hook-form notes each field of its form state that a form reads (`_proxyFormState`), so the
 * update is kept for a form that reads it and left out otherwise. Its subscribers (useFormState) are
 * still told. The build fails if the file changes, rather than quietly rendering twice again.
 */
function hookFormReadyWhenRead(): Plugin {
  const from = `        updateFormState((data) => ({
            ...data,
            isReady: true,
        }));`;
  const to = `        updateFormState((data) => (control._proxyFormState.isReady ? {
            ...data,
            isReady: true,
        } : data));`;
  let patched = false;
  let building = false;
  return {
    name: 'comped:hook-form-ready-when-read',
    enforce: 'pre',
    configResolved(config) {
      building = config.command === 'build' && !process.env.VITEST;
    },
    transform(code, id) {
      if (!/[\\/]react-hook-form[\\/]dist[\\/]index\.esm\.mjs$/.test(id)) return null;
      if (!code.includes(from)) this.error("hookFormReadyWhenRead: react-hook-form's useForm changed");
      patched = true;
      return code.replace(from, to);
    },
    buildEnd(err) {
      if (!err && building && !patched) this.error('hookFormReadyWhenRead: react-hook-form was not built');
    },
  };
}

/**
 * Every chunk opens with V8's explicit compile hint (`//# allFunctionsCalledOnLoad`, v8.dev's
 * "explicit compile hints"): Chrome then compiles the chunk's functions as the file downloads, on a
 * background thread, instead of one by one on the main thread the first time each runs. A page's
 * code runs almost all at once as it loads (the entry, the frame, the page's first render), and
 * that first compile was much of its blocking time; a chunk loaded later (a dialog, the forms) is
 * compiled as it arrives, before it is used. Other browsers read the line as a comment.
 *
 * V8 reads the hint only above a file's first statement. Vite writes a chunk's list of preloads
 * (`__vite__mapDeps`) at the top after every output option and chunk hook has run (a minifier drops
 * comments), so the hint is added right after Vite's step, in its hook; the manifest and the
 * compressed copies are made later, from that code. The build fails if a chunk lacks it; e2e
 * smoke.spec.ts reads it in the scripts a first load receives.
 */
function compileWhileDownloading(): Plugin {
  const hint = '//# allFunctionsCalledOnLoad\n';
  return {
    name: 'comped:compile-while-downloading',
    apply: 'build',
    configResolved(config) {
      const analysis = config.plugins.find((p) => p.name === 'vite:build-import-analysis');
      const run = analysis?.generateBundle;
      if (!analysis || typeof run !== 'function')
        throw new Error("compileWhileDownloading: Vite's import analysis plugin changed");
      analysis.generateBundle = async function (this: Rolldown.PluginContext, ...args: Parameters<typeof run>) {
        await run.apply(this, args);
        for (const file of Object.values(args[1])) {
          if (file.type === 'chunk' && !file.code.startsWith(hint)) file.code = hint + file.code;
        }
      };
    },
    writeBundle(_, bundle) {
      const without = Object.values(bundle).filter((f) => f.type === 'chunk' && !f.code.startsWith(hint));
      if (without.length > 0)
        this.error(`compileWhileDownloading: no compile hint in ${without.map((f) => f.fileName).join(', ')}`);
    },
  };
}

const ZOD_PROCESSORS_STUB = '\0comped:zod-json-schema-processors';
const ZOD_TO_JSON_SCHEMA_STUB = '\0comped:zod-to-json-schema';

/**
 * zod's classic schemas import its JSON Schema generator (every form would download and compile it)
 * for `.toJSONSchema()` and the standard schema's `jsonSchema`. The web app never converts a schema to JSON Schema (the API does, with the
 * real zod: OpenAPI), so in the web build those two imports of zod/v4/classic/schemas.js get stubs
 * that throw if ever called. `aggregateChecks`, which `.minLength`, `.isInt` and the like read, is
 * the real one. The processors' names are read from zod's file, so a new one is stubbed too; the
 * build fails if zod's imports move.
 */
function zodWithoutJsonSchema(): Plugin {
  let processorsFile = '';
  const hits = new Set<string>();
  const off =
    "const off = () => { throw new Error('zod JSON Schema is left out of the web build (apps/web/vite.config.ts)'); };";
  return {
    name: 'comped:zod-without-json-schema',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer || !/[\\/]zod[\\/]v4[\\/]classic[\\/]schemas\.js$/.test(importer)) return null;
      if (source === '../core/json-schema-processors.js') {
        processorsFile = path.resolve(path.dirname(importer), source);
        hits.add(source);
        return ZOD_PROCESSORS_STUB;
      }
      if (source === '../core/to-json-schema.js') {
        hits.add(source);
        return ZOD_TO_JSON_SCHEMA_STUB;
      }
      return null;
    },
    load(id) {
      if (id === ZOD_TO_JSON_SCHEMA_STUB) {
        return [
          off,
          'export const createToJSONSchemaMethod = () => off;',
          'export const createStandardJSONSchemaMethod = () => off;',
        ].join('\n');
      }
      if (id !== ZOD_PROCESSORS_STUB) return null;
      const processors = [...fs.readFileSync(processorsFile, 'utf8').matchAll(/^export const (\w+Processor)\b/gm)].map(
        (m) => m[1],
      );
      return [
        `export { aggregateChecks } from ${JSON.stringify(processorsFile)};`,
        off,
        ...processors.map((name) => `export const ${name} = off;`),
      ].join('\n');
    },
    buildEnd(err) {
      if (!err && hits.size !== 2)
        this.error(`zodWithoutJsonSchema: zod's imports changed (stubbed only ${[...hits].join(', ') || 'nothing'})`);
    },
  };
}

/** Test files that replace a module with vi.mock (see `test.projects`). */
const OWN_PROCESS = [
  'src/components/lazy-alert.test.tsx',
  'src/features/subscriptions/components/checkout-page.test.tsx',
  'src/features/subscriptions/components/stripe-payment-form.test.tsx',
  'src/features/campaign-wizard/components/campaign-wizard.test.tsx',
];

/** A chunk group's test: a module whose path matches one of `patterns`, written with `/` (`[^/]`: no separator). */
function modules(...patterns: string[]): RegExp {
  const separators = (p: string) =>
    p
      .replaceAll('[^/]', '\0')
      .replaceAll('/', String.raw`[\\/]`)
      .replaceAll('\0', String.raw`[^\\/]`);
  return new RegExp(patterns.map(separators).join('|'));
}

/**
 * The installable app (issue 29; docs/decisions/019-on-the-phone.md): the web app manifest, and a
 * service worker of our own (src/service-worker/sw.ts) into which Workbox writes the list of files
 * to precache: the page and every built asset, so the app opens offline. It caches no API answer:
 * the visit pass keeps its one answer itself (lib/pwa/offline-pass.ts). Registered after the page
 * has loaded (lib/pwa/register-service-worker.ts), never as part of the first download; a new
 * version waits until the user takes it ("A new version is ready").
 */
function installableApp() {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src/service-worker',
    filename: 'sw.ts',
    registerType: 'prompt',
    injectRegister: false,
    manifestFilename: 'manifest.webmanifest',
    includeAssets: ['favicon.svg', 'icons/apple-touch-icon.png'],
    manifest: {
      id: '/',
      name: 'Comped',
      short_name: 'Comped',
      description: 'Comped links hospitality brands with influencers and journalists.',
      start_url: '/dashboard',
      scope: '/',
      display: 'standalone',
      theme_color: '#c2410c',
      background_color: '#f7f5f2',
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    injectManifest: {
      // One classic script with Workbox inside (no imports at run time).
      rollupFormat: 'iife',
      // The brotli and gzip copies are the same files: the browser gets them through the originals.
      globPatterns: ['**/*.{js,css,html,svg,png,woff2,webmanifest}'],
      globIgnores: ['**/*.{br,gz}', '.vite/**'],
    },
  });
}

const BOOT_ENTRY = path.resolve(import.meta.dirname, 'src/boot/early-start.ts');
/** The modules boot/early-start.ts imports, found once the build has read them all. */
const bootModules = new Set<string>();

/** boot/early-start.ts's chunk among a build's output files. */
function bootChunkOf(bundle: Rolldown.OutputBundle | undefined): Rolldown.OutputChunk | undefined {
  for (const file of Object.values(bundle ?? {}))
    if (file.type === 'chunk' && file.facadeModuleId === BOOT_ENTRY) return file;
  return undefined;
}

/**
 * boot/early-start.ts as a script of its own, run before the entry (main.tsx) has downloaded: the
 * page's chunks and first reads start one round trip after the HTML instead of after the entry's
 * download and evaluation. The build takes it as a second entry, keeps its modules out of the entry's
 * chunk (its chunk is then shared: the entry imports the same file, so the two share one instance of
 * each module), and puts its script tag before the entry's.
 */
function bootFirst(): Plugin {
  return {
    name: 'comped:boot-first',
    apply: 'build',
    config: () => ({
      build: {
        rolldownOptions: {
          input: { index: path.resolve(import.meta.dirname, 'index.html'), boot: BOOT_ENTRY },
        },
      },
    }),
    buildStart() {
      bootModules.clear();
    },
    buildEnd(err) {
      if (err) return;
      const queue = [BOOT_ENTRY];
      while (queue.length > 0) {
        const id = queue.pop()!;
        // A package it imports stays where it is (zod's only user in boot/ is a pure schema the build
        // leaves out); generateBundle checks that boot's chunk imports no other chunk.
        if (bootModules.has(id) || /node_modules|^\0comped:/.test(id)) continue;
        bootModules.add(id);
        queue.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
    },
    generateBundle(_, bundle) {
      const boot = bootChunkOf(bundle);
      if (!boot) return this.error('bootFirst: no chunk for boot/early-start.ts');
      if (boot.imports.length > 0)
        this.error(`bootFirst: boot's chunk imports ${boot.imports.join(', ')}, so it would wait for them`);
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const boot = bootChunkOf(ctx.bundle);
        if (!boot || !html.includes('<script type="module"'))
          throw new Error('bootFirst: no boot chunk, or no entry script in index.html to put it before');
        const tag = `<script type="module" crossorigin src="/${boot.fileName}"></script>`;
        return html.replace('<script type="module"', `${tag}\n    <script type="module"`);
      },
    },
  };
}

/** MUI and emotion, and what MUI builds its transitions and popups on. */
const MUI = modules('node_modules/(@mui/(material|system|utils)|@emotion|react-transition-group|@popperjs)/');

/** MUI's overlays, their transitions, and the form controls built on them: the `mui-later` chunk. */
const MUI_LATER = modules(
  `node_modules/@mui/material/(${[
    'Modal|Backdrop|Portal|Unstable_TrapFocus|ClickAwayListener|Popover|Popper|Tooltip',
    'Dialog|DialogActions|DialogContent|DialogContentText|DialogTitle|Drawer|SwipeableDrawer',
    'Menu|MenuList|MenuItem|Snackbar|SnackbarContent|Autocomplete|useAutocomplete',
    'Fade|Grow|Slide|Zoom|Collapse',
    'TextField|Select|FilledInput|Switch|Checkbox|Radio|RadioGroup|FormControlLabel|FormGroup',
  ].join('|')})/`,
  'node_modules/@mui/material/internal/(Transition|SwitchBase)',
  'node_modules/(@popperjs|react-transition-group)/',
);

/**
 * The landing pages (ADR 030's, and the bench's), the parts every signed-in page loads first, and the
 * sidebar and the bell (beside the page on a wide screen).
 */
const FIRST_PARTS = [
  'src/app/layouts/query-route.tsx',
  'src/app/layouts/app-shell.tsx',
  'src/components/layout/nav-drawer.tsx',
  'src/features/notifications/components/notification-bell.tsx',
  'src/app/routes/dashboard.tsx',
  'src/app/routes/campaigns.tsx',
  'src/app/routes/bookings.tsx',
  'src/app/routes/visit-pass.tsx',
  'src/app/routes/inbox.tsx',
].map((file) => path.resolve(import.meta.dirname, file));

/**
 * The build fails when one of FIRST_PARTS (or the `mui` chunk every list page loads) imports the
 * `mui-later` chunk statically: the page would download and run a dialog's and a menu's code before
 * its content. A dialog on those pages is a lazy part (lib/lazy-dialog.tsx) whose code loads a
 * second after the page's reads are in, or at the first tap.
 */
function overlaysAfterContent(): Plugin {
  return {
    name: 'comped:overlays-after-content',
    apply: 'build',
    generateBundle(_, bundle) {
      const chunks = Object.values(bundle).filter((f): f is Rolldown.OutputChunk => f.type === 'chunk');
      const later = chunks.find((c) => c.name === 'mui-later');
      if (!later) return this.error('overlaysAfterContent: no mui-later chunk in the build');
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const starts = [
        ...chunks.filter((c) => c.name === 'mui'),
        ...FIRST_PARTS.map((file) => {
          const chunk = chunks.find((c) => c.moduleIds.includes(file));
          if (!chunk) this.error(`overlaysAfterContent: no chunk for ${path.relative(import.meta.dirname, file)}`);
          return chunk!;
        }),
      ];
      for (const start of starts) {
        // Breadth first, so the chain printed is the shortest.
        const via = new Map<string, string>([[start.fileName, '']]);
        const queue = [start.fileName];
        while (queue.length > 0) {
          const file = queue.shift()!;
          if (file === later.fileName) {
            const chain = [file];
            for (let f = via.get(file)!; f; f = via.get(f)!) chain.unshift(f);
            // Which module of the chunk before it asks for which of mui-later's.
            const laterIds = new Set(later.moduleIds);
            const asks = byFile
              .get(chain.at(-2)!)!
              .moduleIds.flatMap((id) =>
                (this.getModuleInfo(id)?.importedIds ?? []).filter((d) => laterIds.has(d)).map((d) => `${id} -> ${d}`),
              );
            this.error(
              `overlaysAfterContent: ${chain.join(' imports ')}, so the page loads dialogs before its content${asks.length > 0 ? ` (${asks.join(', ')})` : ''}`,
            );
          }
          for (const next of byFile.get(file)?.imports ?? [])
            if (!via.has(next)) {
              via.set(next, file);
              queue.push(next);
            }
        }
      }
    },
  };
}

const FIRST_PAINT_STYLES = path.resolve(import.meta.dirname, 'src/app/first-paint-styles.css');

/**
 * The CSS that emotion writes for the landing pages' first render (ADR 030), shipped as a stylesheet
 * beside the scripts. The page also names its classes in an empty `<style data-emotion="css ...">`,
 * which emotion reads when its cache is created (as after server rendering): it marks those classes
 * inserted and neither compiles nor inserts their rules again, work that was part of every signed-in
 * page's render. `npm run styles:first-paint` writes the file from the pages the end-to-end test
 * `first-paint-styles.spec.ts` opens, on a build that ships none, and that test fails when a landing
 * page inserts a rule the file lacks. A class name is the hash of its styles, so a stale rule matches
 * no element.
 */
function firstPaintStyles(): Plugin {
  const asset = 'first-paint.css';
  let names: string[] = [];
  return {
    name: 'comped:first-paint-styles',
    apply: 'build',
    buildStart() {
      names = [];
      // `npm run styles:first-paint` collects the rules from a build that ships none.
      if (process.env.COMPED_FIRST_PAINT_STYLES === 'write' || !fs.existsSync(FIRST_PAINT_STYLES)) return;
      this.addWatchFile(FIRST_PAINT_STYLES);
      const css = fs.readFileSync(FIRST_PAINT_STYLES, 'utf8');
      names = [...new Set([...css.matchAll(/\.css-([a-z0-9]+)/g)].map((m) => m[1]!))];
      if (names.length === 0) this.error('firstPaintStyles: src/app/first-paint-styles.css names no emotion class');
      this.emitFile({ type: 'asset', name: asset, source: css });
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (names.length === 0) return html;
        const file = Object.values(ctx.bundle ?? {}).find((f) => f.type === 'asset' && f.names.includes(asset));
        if (!file) throw new Error(`firstPaintStyles: ${asset} missing from the build`);
        return html.replace(
          '</head>',
          `  <link rel="stylesheet" crossorigin href="/${file.fileName}">\n` +
            `    <style data-emotion="css ${names.join(' ')}"></style>\n  </head>`,
        );
      },
    },
  };
}

// In `npm run dev`, the API runs on 3001 and Vite proxies to it; `npm start` serves both on one port.
const api = process.env.VITE_API_PROXY ?? 'http://127.0.0.1:3001';

export default defineConfig({
  // Brotli and gzip copies beside every text asset at build time: the server sends them as they are
  // (@fastify/static preCompressed), never compressing per request.
  plugins: [
    // JSX only: React's Fast Refresh does not drive Preact, so `npm run dev` reloads the page on a
    // change (docs/decisions/031-preact.md).
    react({ refreshExclude: /./ }),
    muiWithoutCssVars(),
    zodWithoutJsonSchema(),
    hookFormReadyWhenRead(),
    compileWhileDownloading(),
    bootFirst(),
    overlaysAfterContent(),
    firstPaintStyles(),
    compression({ algorithms: ['gzip', 'brotliCompress'], threshold: 1024 }),
    installableApp(),
  ],
  // The app runs on Preact with its React compatibility layer (docs/decisions/031-preact.md): every
  // import of React, the app's and its libraries', gets src/lib/react/preact-compat.ts.
  resolve: {
    // The tests load the libraries through Vite, not Node, so that the aliases reach them too: their
    // ES module builds, as the browser gets (a CommonJS build would require React itself).
    ...(process.env.VITEST
      ? { conditions: ['module', 'browser', 'development'], mainFields: ['module', 'browser', 'main'] }
      : {}),
    alias: [
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
      { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
      { find: /^react(-dom)?$/, replacement: path.resolve(import.meta.dirname, 'src/lib/react/preact-compat.ts') },
    ],
  },
  server: {
    port: 3000,
    proxy: { '/api': api, '/files': api },
  },
  // No source maps in the build: they would be published with the assets.
  build: {
    outDir: 'dist',
    sourcemap: false,
    rolldownOptions: {
      // CommonJS helpers without a `sideEffects` field that MUI and emotion import for development
      // checks or unused exports (prop types, withTheme's static hoisting): pure, so an unused import
      // need not keep them in /login's download.
      treeshake: {
        moduleSideEffects: [
          { test: /node_modules[\\/](prop-types|hoist-non-react-statics|react-is)[\\/]/, sideEffects: false },
        ],
      },
      output: {
        // Fewer, larger chunks (docs/performance.md, "Chunks"): a handful that the lazy routes share
        // and cache instead of dozens of 1-2 KB ones per page. A module's folder says which chunk it
        // goes to, so a new file needs no rule here. Higher priority first: a group also takes the
        // modules its modules import.
        codeSplitting: {
          groups: [
            // What boot/early-start.ts imports: a chunk of its own, run before the entry (bootFirst).
            { name: 'boot', test: (id) => bootModules.has(id), priority: 6 },
            // Everything the entry imports statically (React, the router, MUI's core, /login).
            { name: 'initial', tags: ['$initial'], priority: 5 },
            {
              // The rest of MUI and emotion that three pages or more use, what lists and cards are
              // made of (the others go with the pages that use them). Before `mui-later`, so that the
              // helpers both use come here and this chunk never imports that one.
              name: 'mui',
              test: (id) => MUI.test(id) && !MUI_LATER.test(id),
              priority: 4,
              minShareCount: 3,
            },
            {
              // What a dialog, a menu or a select is made of (Modal, Popover, Popper, their focus
              // trap and transitions) and the form controls built on them, used by three pages or
              // more. No landing page shows one before its content, so they load after it
              // (overlaysAfterContent checks the build).
              name: 'mui-later',
              test: MUI_LATER,
              priority: 3,
              minShareCount: 3,
            },
            {
              // What every page but /login needs: TanStack Query, the shared package's plain modules
              // (not its validation/, schemas/ or paging, which are built with zod), and the layout
              // routes (app/layouts/: the query client and the signed-in frame).
              name: 'core',
              test: modules(
                'node_modules/@tanstack/',
                'packages/shared/src/(?!validation/|schemas/|paging[.]ts)',
                'apps/web/src/app/layouts/',
              ),
              priority: 2,
            },
            // zod, for the forms' validation and, where answers are checked, lib/answers/ (ADR 028):
            // no page's first paint waits for it (the bench's first-card line and e2e bookings.spec.ts).
            { name: 'zod', test: modules('node_modules/zod/'), priority: 2 },
            // The forms' validation: the lists neither download nor evaluate it. A chunk per set of
            // pages that use the same rules, so a form builds only its own: in one chunk, /bookings'
            // idle preload of its dialogs built every form's schemas in one long task after the cards.
            {
              name: 'validation',
              test: modules('packages/shared/src/validation/'),
              priority: 1,
              entriesAware: true,
            },
            {
              // react-hook-form, its resolvers and the app's form helpers (src/lib/forms/).
              name: 'forms',
              test: modules('node_modules/(react-hook-form|@hookform)/', 'apps/web/src/lib/forms/'),
              priority: 1,
            },
            {
              // The app's small shared parts, used by two pages or more: the files directly in
              // components/, lib/ and api/, each feature's lib/, and the icons. A part made of the
              // `mui` chunk's components (dialogs) or of a heavy library (the date picker) lives in a
              // subfolder of components/ instead and goes with its pages, so that this chunk never
              // imports `mui`: the signed-in shell and /campaigns paint without it (the bench's
              // first-card line and an e2e test in insights-discovery.spec.ts fail when it does).
              name: 'shared',
              test: modules(
                'node_modules/@mui/icons-material/',
                'apps/web/src/(components|lib|api)/[^/]+$',
                'apps/web/src/features/[^/]+/lib/[^/]+$',
              ),
              minShareCount: 2,
            },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./vitest.setup.ts'],
    // The libraries that import React, run through Vite (see `resolve` above); vitest.setup.ts fails
    // the run if React itself was loaded. Preact stays outside, one instance for the whole run.
    server: {
      deps: {
        inline: [
          /node_modules[\\/](@mui|@emotion|@base-ui|@stripe[\\/]react-stripe-js|@tanstack[\\/]react-query|@hookform|react-hook-form|react-router|react-transition-group)[\\/]/,
        ],
      },
    },
    testTimeout: 20_000,
    // Files that replace a module (vi.mock) run in a process of their own; the rest share their
    // worker's module cache and page, so MUI and the app load once per worker rather than per file.
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          include: ['src/**/*.test.tsx', 'src/**/*.test.ts'],
          exclude: OWN_PROCESS,
          isolate: false,
        },
      },
      { extends: true, test: { name: 'isolated', include: OWN_PROCESS } },
    ],
  },
});
