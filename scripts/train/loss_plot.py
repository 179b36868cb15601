"""A loss plot as a small SVG (no plotting library needed)."""


def write_loss_svg(path, history, width=640, height=360):
    """history: (epoch, train loss, validation loss) rows."""
    if not history:
        return
    pad = 50
    epochs = [h[0] for h in history]
    values = [v for h in history for v in h[1:]]
    lo, hi = min(values), max(values)
    hi = hi if hi > lo else lo + 1e-6
    x_max = max(max(epochs), 2)

    def x(e):
        return pad + (e - 1) / (x_max - 1) * (width - 2 * pad)

    def y(v):
        return height - pad - (v - lo) / (hi - lo) * (height - 2 * pad)

    def line(col, colour):
        pts = " ".join(f"{x(h[0]):.1f},{y(h[col]):.1f}" for h in history)
        return f'<polyline fill="none" stroke="{colour}" stroke-width="2" points="{pts}"/>'

    with open(path, "w") as f:
        f.write(f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
                f'font-family="sans-serif" font-size="12">\n'
                f'<rect width="100%" height="100%" fill="white"/>\n'
                f'<line x1="{pad}" y1="{height - pad}" x2="{width - pad}" y2="{height - pad}" '
                f'stroke="black"/>\n<line x1="{pad}" y1="{pad}" x2="{pad}" y2="{height - pad}" '
                f'stroke="black"/>\n'
                f'<text x="{width / 2}" y="{height - 15}" text-anchor="middle">epoch</text>\n'
                f'<text x="5" y="{pad - 10}">{hi:.4f}</text>\n'
                f'<text x="5" y="{height - pad}">{lo:.4f}</text>\n'
                f'{line(1, "steelblue")}\n{line(2, "darkorange")}\n'
                f'<text x="{width - pad - 120}" y="{pad}" fill="steelblue">train</text>\n'
                f'<text x="{width - pad - 120}" y="{pad + 16}" fill="darkorange">validation</text>\n'
                f'</svg>\n')
