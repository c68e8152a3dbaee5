/**
 * The server's formats for a menu item's address, rel and classes (navigation/menus/service.ts), as
 * the inputs' `pattern` attributes. The browser matches a pattern against the whole value and the
 * server trims it first, hence the spaces allowed around.
 */
export const MENU_ITEM_PATTERNS = {
  url: String.raw`\s*(?:/(?!/)|#|[Hh][Tt][Tt][Pp][Ss]?://|[Mm][Aa][Ii][Ll][Tt][Oo]:|[Tt][Ee][Ll]:)\S*\s*`,
  rel: String.raw`\s*[a-z]+(?: [a-z]+)*\s*`,
  css_class: String.raw`\s*[A-Za-z_\-][A-Za-z0-9_\-]*(?: [A-Za-z_\-][A-Za-z0-9_\-]*)*\s*`,
} as const;
