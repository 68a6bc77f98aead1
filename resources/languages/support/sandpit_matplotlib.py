"""Sandpit's matplotlib backend: Agg for drawing, and plt.show() saves what it would show.

A program in Sandpit has no display. With this backend (MPLBACKEND=module://sandpit_matplotlib,
set by Sandpit for Python), plt.savefig() works as everywhere, and plt.show() writes each open
figure to output/figure-N.png, where the Artifacts pane shows it, instead of warning that the
figure cannot be shown.
"""
import os

from matplotlib._pylab_helpers import Gcf
from matplotlib.backend_bases import FigureManagerBase
from matplotlib.backends.backend_agg import FigureCanvasAgg

FigureCanvas = FigureCanvasAgg
FigureManager = FigureManagerBase

_OUTPUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "output")
_shown = 0


def show(*args, **kwargs):
    global _shown
    managers = Gcf.get_all_fig_managers()
    if managers:
        os.makedirs(_OUTPUT, exist_ok=True)
    for manager in managers:
        _shown += 1
        manager.canvas.figure.savefig(os.path.join(_OUTPUT, f"figure-{_shown}.png"))
    # As a window closing would: the next plot starts on a new figure.
    Gcf.destroy_all()
