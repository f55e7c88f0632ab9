// BENCH_BEFORE=<git ref>: the benchmarks that compare measure that commit's tree and this one back to
// back, with this tree's harness. The commit is unpacked beside this checkout (git archive), with this
// checkout's node_modules hard-linked into it when both lockfiles are the same (its workspace links are
// relative, so they point into the unpacked tree), else installed from its own lockfile, and its web app
// is built there. Kept in the temp folder for the next run.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const here = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export type Tree = { label: string; root: string };

/** This checkout, named by its commit (with "+ changes" when the work tree differs from it). */
export function currentTree(): Tree {
  const sha = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: here, encoding: 'utf8' }).trim();
  const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: here, encoding: 'utf8' }).trim() !== '';
  return { label: dirty ? `${sha} + changes` : sha, root: here };
}

/** The tree of BENCH_BEFORE, unpacked and built once; null without it. */
export function beforeTree(): Tree | null {
  const ref = process.env.BENCH_BEFORE;
  if (!ref) return null;
  const sha = execFileSync('git', ['rev-parse', '--short', `${ref}^{commit}`], { cwd: here, encoding: 'utf8' }).trim();
  const root = path.join(os.tmpdir(), `portal-before-${sha}`);
  const built = path.join(root, 'apps/web/dist/index.html');
  if (!fs.existsSync(built)) {
    fs.rmSync(root, { recursive: true, force: true });
    fs.mkdirSync(root, { recursive: true });
    const archive = path.join(os.tmpdir(), `portal-before-${sha}.tar`);
    execFileSync('git', ['archive', '--format=tar', '-o', archive, sha], { cwd: here });
    execFileSync('tar', ['-xf', archive, '-C', root]);
    fs.rmSync(archive);
    const lockfile = (tree: string) => fs.readFileSync(path.join(tree, 'package-lock.json'), 'utf8');
    if (lockfile(root) === lockfile(here)) {
      for (const modules of ['node_modules', 'apps/server/node_modules', 'apps/web/node_modules', 'packages/domain/node_modules']) {
        if (fs.existsSync(path.join(here, modules))) execFileSync('cp', ['-al', path.join(here, modules), path.join(root, modules)]);
      }
    } else {
      // Other dependencies (a library swapped since): the commit gets its own, from its lockfile.
      execFileSync('npm', ['ci', '--prefer-offline', '--no-audit', '--no-fund'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
    }
    execFileSync('npm', ['run', 'build', '-w', '@portal/web'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  }
  return { label: sha, root };
}

/** Both trees, the earlier first, when BENCH_BEFORE is set; else this one. */
export function treesToCompare(): Tree[] {
  const before = beforeTree();
  return before ? [before, currentTree()] : [currentTree()];
}

/** A tree's column in a table of `trees`: "before (…)" and "after (…)" when two are compared, else its label. */
export const treeColumn = (trees: Tree[], tree: Tree) => (trees.length > 1 ? `${tree === trees[0] ? 'before' : 'after'} (${tree.label})` : tree.label);

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** "median (min-max)" of `values`, each shown by `show`. */
export const medianAndRange = (values: number[], show: (n: number) => string = (n) => String(Math.round(n))) =>
  values.length === 1 ? show(values[0]!) : `${show(median(values))} (${show(Math.min(...values))}-${show(Math.max(...values))})`;
