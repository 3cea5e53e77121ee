// Enforces the layering of docs/ARCHITECTURE.md §2: which folder may import which, and which packages each runtime
// may use (electron only in the Electron shell; SQL packages only in the store; no Node in shared
// code or the renderer). Paths are resolved, so `../../store/x` is judged by where it lands.
import { isBuiltin } from 'node:module';
import { dirname, isAbsolute, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Layer of a file, by its path inside the repository (first match wins). */
const LAYERS = [
  ['shared', 'shared/'],
  ['renderer', 'src-renderer/'],
  ['electron', 'src-main/electron/'],
  ['host', 'src-main/host/'],
  ['api', 'src-main/api/'],
  ['mind', 'src-main/mind/'],
  ['consolidation', 'src-main/consolidation/'],
  ['interop', 'src-main/interop/'],
  ['agent', 'src-main/agent/'],
  ['store', 'src-main/store/'],
  ['bench', 'bench/'],
];

/** What each layer may import (itself included). Layers absent here (scripts, e2e) are free. */
const MAY_IMPORT = {
  shared: ['shared'],
  renderer: ['shared', 'renderer'],
  store: ['shared', 'store'],
  mind: ['shared', 'store', 'mind'],
  consolidation: ['shared', 'store', 'mind', 'consolidation'],
  interop: ['shared', 'store', 'mind', 'interop'],
  agent: ['shared', 'mind', 'consolidation', 'interop', 'agent'],
  api: ['shared', 'mind', 'consolidation', 'interop', 'api'],
  host: ['shared', 'store', 'mind', 'consolidation', 'interop', 'agent', 'api', 'host', 'bench'],
  electron: ['shared', 'store', 'mind', 'consolidation', 'interop', 'agent', 'api', 'electron'],
  bench: ['shared', 'store', 'mind', 'consolidation', 'interop', 'agent', 'bench'],
};

const SQL_PACKAGES = ['better-sqlite3', 'drizzle-orm', 'sqlite-vec'];

function layerOf(absolutePath) {
  const path = relative(ROOT, absolutePath).split('\\').join('/');
  for (const [layer, prefix] of LAYERS) if (path.startsWith(prefix)) return layer;
  return null;
}

function packageProblem(layer, specifier) {
  const name = specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0];
  if (name === 'electron' && layer !== 'electron') return 'only src-main/electron may import electron';
  if (SQL_PACKAGES.includes(name) && layer !== 'store') return `only src-main/store may use ${name} (all SQL lives there)`;
  if ((layer === 'shared' || layer === 'renderer') && isBuiltin(specifier)) {
    return `${layer === 'shared' ? 'shared code' : 'the renderer'} runs outside Node: no ${specifier}`;
  }
  return null;
}

/** A module name written as a string or a template without expressions; null otherwise. */
function literalText(node) {
  if (!node) return null;
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node.type === 'TemplateLiteral' && node.expressions.length === 0) return node.quasis[0]?.value.cooked ?? null;
  return null;
}

export const layering = {
  meta: { type: 'problem', schema: [], docs: { description: 'layering (docs/ARCHITECTURE.md §2)' } },
  create(context) {
    const file = context.filename;
    const layer = layerOf(file);
    if (!layer) return {};
    const checkSpecifier = (node, specifier) => {
      if (specifier.startsWith('.') || isAbsolute(specifier)) {
        const target = resolve(dirname(file), specifier);
        // A path into node_modules is a package import in disguise.
        const inPackages = target.split('\\').join('/').split('/node_modules/')[1];
        if (inPackages) return checkPackage(node, inPackages);
        const targetLayer = layerOf(target);
        if (targetLayer && !MAY_IMPORT[layer].includes(targetLayer)) {
          context.report({ node, message: `Layering: ${layer} may not import ${targetLayer} (${specifier}). See docs/ARCHITECTURE.md §2.` });
        }
        return;
      }
      checkPackage(node, specifier);
    };
    const checkPackage = (node, specifier) => {
      const problem = packageProblem(layer, specifier);
      if (problem) context.report({ node, message: `Layering: ${problem} (${specifier}).` });
    };
    const check = (node) => {
      const specifier = literalText(node.source);
      if (specifier !== null) checkSpecifier(node, specifier);
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: (node) => {
        context.report({ node, message: 'Use explicit named exports, not `export *`.' });
        check(node);
      },
      ImportExpression: check,
      // require('x') and createRequire(...)('x') reach modules too.
      CallExpression: (node) => {
        const callee = node.callee;
        const isRequire = callee.type === 'Identifier' && callee.name === 'require';
        const specifier = literalText(node.arguments[0]);
        if (isRequire && specifier !== null) checkSpecifier(node, specifier);
      },
      TSImportEqualsDeclaration: (node) => {
        const specifier = literalText(node.moduleReference?.expression);
        if (specifier !== null) checkSpecifier(node, specifier);
      },
    };
  },
};
