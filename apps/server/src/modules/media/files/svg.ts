import sanitizeHtml from 'sanitize-html';

// biome-ignore format: a word list reads better packed
/** SVG elements kept: shapes, text, gradients, patterns, masks, filters; never script or foreignObject. */
const ELEMENTS = [
  'svg', 'g', 'defs', 'symbol', 'use', 'title', 'desc', 'metadata',
  'path', 'rect', 'circle', 'ellipse', 'line', 'polyline', 'polygon',
  'text', 'tspan', 'textPath',
  'linearGradient', 'radialGradient', 'stop', 'pattern', 'clipPath', 'mask', 'marker',
  'filter', 'feBlend', 'feColorMatrix', 'feComponentTransfer', 'feComposite', 'feConvolveMatrix',
  'feDiffuseLighting', 'feDisplacementMap', 'feDistantLight', 'feDropShadow', 'feFlood', 'feFuncA',
  'feFuncB', 'feFuncG', 'feFuncR', 'feGaussianBlur', 'feMerge', 'feMergeNode', 'feMorphology',
  'feOffset', 'fePointLight', 'feSpecularLighting', 'feSpotLight', 'feTile', 'feTurbulence',
];

// biome-ignore format: a word list reads better packed
/** Presentation and geometry attributes; no event handlers, no `style` (it can load URLs). */
const ATTRIBUTES = [
  'id', 'class', 'viewBox', 'width', 'height', 'x', 'y', 'x1', 'x2', 'y1', 'y2', 'cx', 'cy', 'r', 'rx', 'ry',
  'd', 'points', 'transform', 'fill', 'fill-opacity', 'fill-rule', 'stroke', 'stroke-width',
  'stroke-linecap', 'stroke-linejoin', 'stroke-miterlimit', 'stroke-dasharray', 'stroke-dashoffset',
  'stroke-opacity', 'opacity', 'clip-path', 'clip-rule', 'mask', 'filter', 'marker-start', 'marker-mid',
  'marker-end', 'preserveAspectRatio', 'xmlns', 'xmlns:xlink', 'version', 'href', 'xlink:href',
  'offset', 'stop-color', 'stop-opacity', 'gradientUnits', 'gradientTransform', 'spreadMethod', 'fx', 'fy',
  'patternUnits', 'patternContentUnits', 'patternTransform', 'clipPathUnits', 'maskUnits',
  'maskContentUnits', 'markerWidth', 'markerHeight', 'markerUnits', 'refX', 'refY', 'orient',
  'font-family', 'font-size', 'font-weight', 'font-style', 'text-anchor', 'dominant-baseline',
  'letter-spacing', 'dx', 'dy', 'rotate', 'textLength', 'lengthAdjust', 'startOffset',
  'visibility', 'display', 'color', 'in', 'in2', 'result', 'stdDeviation', 'mode', 'type', 'values',
  'operator', 'k1', 'k2', 'k3', 'k4', 'scale', 'xChannelSelector', 'yChannelSelector', 'radius',
  'flood-color', 'flood-opacity', 'baseFrequency', 'numOctaves', 'seed', 'stitchTiles',
  'tableValues', 'slope', 'intercept', 'amplitude', 'exponent', 'azimuth', 'elevation',
  'surfaceScale', 'diffuseConstant', 'specularConstant', 'specularExponent', 'lighting-color',
  'kernelMatrix', 'order', 'divisor', 'bias', 'targetX', 'targetY', 'edgeMode', 'preserveAlpha',
  'primitiveUnits', 'filterUnits', 'role', 'aria-label', 'aria-hidden', 'focusable',
];

/** A value that points outside the document: only `#fragment` references stay. */
function external(value: string): boolean {
  return !value.trim().startsWith('#');
}

/** `url(...)` in a presentation attribute may only name a fragment of the document. */
function externalUrl(value: string): boolean {
  const urls = value.match(/url\s*\(([^)]*)\)/gi) ?? [];
  return urls.some((url) => !/^url\s*\(\s*['"]?#/i.test(url));
}

/**
 * The SVG without anything that runs or fetches: scripts, foreignObject, event handlers, `style`
 * and links out of the document are removed; only `#` references remain. Null when nothing of an
 * SVG document is left.
 */
export function sanitizeSvg(source: string): string | null {
  const withoutProlog = source
    .replace(/^\uFEFF/, '')
    .replace(/<\?xml[^>]*\?>/gi, '')
    // Entities declared in a doctype are how XML bombs and external entities work: gone with it.
    .replace(/<!DOCTYPE[^>[]*(\[[\s\S]*?\])?\s*>/gi, '');
  const clean = sanitizeHtml(withoutProlog, {
    allowedTags: ELEMENTS,
    allowedAttributes: { '*': ATTRIBUTES },
    allowedSchemes: [],
    allowedSchemesAppliedToAttributes: [],
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    nonTextTags: ['script', 'style', 'foreignObject', 'iframe', 'object', 'embed', 'noscript'],
    parser: { xmlMode: true, lowerCaseTags: false, lowerCaseAttributeNames: false, decodeEntities: true },
    exclusiveFilter: () => false,
    transformTags: {
      '*': (tagName, attribs) => {
        const kept: Record<string, string> = {};
        for (const [name, value] of Object.entries(attribs)) {
          if ((name === 'href' || name === 'xlink:href') && external(value)) continue;
          if (externalUrl(value)) continue;
          kept[name] = value;
        }
        return { tagName, attribs: kept };
      },
    },
  }).trim();
  return /^<svg[\s>]/.test(clean) ? `<?xml version="1.0" encoding="UTF-8"?>\n${clean}\n` : null;
}
