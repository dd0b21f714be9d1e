"""QGIS (Debian python3-qgis, headless: QT_QPA_PLATFORM=offscreen) as a client of our WFS and WMS.

Usage: /usr/bin/python3 qgis_probe.py <base url> <check>
Prints one JSON object with what QGIS saw; an exception is printed as {"error": ...} and exits 1.
"""
import json
import os
import sys
import traceback

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from qgis.core import (QgsApplication, QgsCoordinateReferenceSystem, QgsFeatureRequest, QgsMapRendererParallelJob,
                       QgsMapSettings, QgsRasterLayer, QgsRectangle, QgsVectorLayer)
from qgis.PyQt.QtCore import QSize
from qgis.PyQt.QtGui import QColor

LAYER = "tcs:cmline_2567"
BBOX = QgsRectangle(99.8, 6.3, 101.8, 8.3)


def wfs(url):
    """QGIS's WFS provider on WFS 2.0.0 with paging: every feature of the layer, its fields and extent."""
    uri = (f"pagingEnabled='true' preferCoordinatesForWfsT11='false' restrictToRequestBBOX='0' srsname='EPSG:4326' "
           f"typename='{LAYER}' url='{url}/wfs' version='2.0.0' maxNumFeatures='0' pageSize='500'")
    layer = QgsVectorLayer(uri, "wfs", "WFS")
    if not layer.isValid():
        return {"valid": False, "error": layer.error().summary()}
    features = list(layer.getFeatures(QgsFeatureRequest()))
    ids = [f.id() for f in features]
    geometries = sum(1 for f in features if f.hasGeometry() and not f.geometry().isEmpty())
    extent = layer.extent()
    return {"valid": True, "features": len(features), "distinct": len(set(ids)), "with_geometry": geometries,
            "fields": [f.name() for f in layer.fields()], "crs": layer.crs().authid(),
            "geometry_type": layer.geometryType(),
            "extent": [round(extent.xMinimum(), 3), round(extent.yMinimum(), 3), round(extent.xMaximum(), 3), round(extent.yMaximum(), 3)]}


def wms(url):
    """QGIS's WMS provider: the layer from capabilities, drawn by QGIS's own renderer into an image."""
    uri = f"contextualWMSLegend=0&crs=EPSG:4326&dpiMode=7&format=image/png&layers={LAYER}&styles=&url={url}/wms"
    layer = QgsRasterLayer(uri, "wms", "wms")
    if not layer.isValid():
        return {"valid": False, "error": layer.error().summary()}
    settings = QgsMapSettings()
    settings.setLayers([layer])
    settings.setDestinationCrs(QgsCoordinateReferenceSystem("EPSG:4326"))
    settings.setExtent(BBOX)
    settings.setOutputSize(QSize(256, 256))
    settings.setBackgroundColor(QColor(255, 255, 255, 0))
    job = QgsMapRendererParallelJob(settings)
    job.start()
    job.waitForFinished()
    image = job.renderedImage()
    if os.environ.get("QGIS_PROBE_IMAGE"):
        image.save(os.environ["QGIS_PROBE_IMAGE"])
    # the coastline's pixels: those not of the image's most common colour (its background)
    pixels = [image.pixel(x, y) for x in range(image.width()) for y in range(image.height())]
    background = max(set(pixels), key=pixels.count)
    drawn = sum(1 for p in pixels if p != background)
    return {"valid": True, "crs": layer.crs().authid(), "drawn_pixels": drawn, "pixels": len(pixels),
            "errors": [e.message for e in job.errors()]}


def main():
    url, check = sys.argv[1], sys.argv[2]
    app = QgsApplication([], False)
    app.initQgis()
    try:
        print(json.dumps({"wfs": wfs, "wms": wms}[check](url)))
    finally:
        app.exitQgis()


if __name__ == "__main__":
    try:
        main()
    except Exception as e:  # the test prints what QGIS said
        print(json.dumps({"error": f"{type(e).__name__}: {e}", "trace": traceback.format_exc()}))
        sys.exit(1)
