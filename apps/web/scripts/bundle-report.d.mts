export type BundleRow = {
  page: string;
  group: 'dashboard' | 'auth' | 'public';
  layout: string;
  gzipBytes: number;
};
export type BundleReport = { entry: string; entryBytes: number; rows: BundleRow[] };
export declare const DEFAULT_DIST: string;
export declare const GOALS: { auth: number; public: number; dashboard: number };
export declare const BUDGETS: { login: number; auth: number; public: number; dashboard: number };
export declare function budgetOf(row: BundleRow): number;
export declare function bundleReport(distDir?: string): BundleReport | null;
