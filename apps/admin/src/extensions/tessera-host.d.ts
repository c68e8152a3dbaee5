/** The libraries the admin lends to plugins' admin modules, by bare name (apps/admin/host-modules.ts). */
declare module 'tessera-host:libraries' {
  export const libraries: Readonly<Record<string, () => Promise<unknown>>>;
}
