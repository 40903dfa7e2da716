const svgNamespace = 'http://www.w3.org/2000/svg';

function standalone(svg: SVGSVGElement, size?: number): Blob {
  const copy = svg.cloneNode(true) as SVGSVGElement;
  copy.setAttribute('xmlns', svgNamespace);
  copy.removeAttribute('class');
  if (size) {
    copy.setAttribute('width', String(size));
    copy.setAttribute('height', String(size));
  }
  const markup = `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(copy)}`;
  return new Blob([markup], { type: 'image/svg+xml' });
}

/** The QR code drawn on the screen as an SVG file of its own. */
export function svgFileOf(svg: SVGSVGElement): Blob {
  return standalone(svg);
}

/** Draws the vector QR onto a canvas of exactly `size` × `size` pixels, on every screen density. */
export async function pngFileOf(svg: SVGSVGElement, size: number): Promise<Blob> {
  const url = URL.createObjectURL(standalone(svg, size));
  try {
    const image = new Image(size, size);
    image.src = url;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = size;
    canvas.height = size;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d canvas');
    context.imageSmoothingEnabled = false;
    context.drawImage(image, 0, 0, size, size);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('no png'))), 'image/png'),
    );
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** Saves a file through the browser's download. */
export function saveFile(file: Blob, fileName: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked once the browser has surely read it.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
