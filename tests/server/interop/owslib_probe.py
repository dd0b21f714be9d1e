"""OWSLib (Debian python3-owslib) as an independent client of our WMS and WFS.

Usage: /usr/bin/python3 owslib_probe.py <base url> <check> [version]
Prints one JSON object with what the client saw; any exception is printed as {"error": ...}
and exits 1, so the calling test shows what OWSLib complained about.
"""
import json
import sys
import traceback

from owslib.wfs import WebFeatureService
from owslib.wms import WebMapService

# OWSLib takes x/y and writes WMS 1.3.0 EPSG:4326 boxes in lat/lon itself
BBOX_LONLAT = (99.8, 6.3, 101.8, 8.3)
LAYER = "tcs:cmline_2567"


def wms_caps(url, version):
    wms = WebMapService(url + "/wms", version=version)
    layer = wms[LAYER]
    return {"title": wms.identification.title, "version": wms.version, "layers": len(list(wms.contents)),
            "has_layer": LAYER in wms.contents, "crs": sorted(str(c) for c in (layer.crsOptions or [])),
            "styles": sorted(layer.styles.keys()), "formats": wms.getOperationByName("GetMap").formatOptions}


def wms_getmap(url, version):
    wms = WebMapService(url + "/wms", version=version)
    img = wms.getmap(layers=[LAYER], styles=[""], srs="EPSG:4326", bbox=BBOX_LONLAT, size=(208, 256),
                     format="image/png", transparent=True)
    data = img.read()
    return {"png": data[:8] == b"\x89PNG\r\n\x1a\n", "bytes": len(data)}


def wms_getfeatureinfo(url, version):
    wms = WebMapService(url + "/wms", version=version)
    found = 0
    # scan a few pixels along the image until a coastline is hit
    for x in range(0, 256, 8):
        for y in range(0, 256, 8):
            res = wms.getfeatureinfo(layers=[LAYER], styles=[""], srs="EPSG:4326", bbox=BBOX_LONLAT, size=(256, 256),
                                     format="image/png", query_layers=[LAYER], info_format="application/json", xy=(x, y),
                                     feature_count=5)
            found = len(json.loads(res.read())["features"])
            if found:
                return {"features": found, "at": [x, y]}
    return {"features": 0}


def wfs_caps(url, version):
    wfs = WebFeatureService(url + "/wfs", version=version)
    layer = wfs.contents[LAYER]
    return {"version": wfs.version, "types": len(list(wfs.contents)), "has_layer": LAYER in wfs.contents,
            "keywords": wfs.identification.keywords, "title": layer.title,
            "operations": sorted(op.name for op in wfs.operations)}


def wfs_getfeature(url, version):
    wfs = WebFeatureService(url + "/wfs", version=version)
    gml = wfs.getfeature(typename=[LAYER], maxfeatures=5).read()
    js = json.loads(wfs.getfeature(typename=[LAYER], maxfeatures=5, outputFormat="application/json").read())
    return {"gml_bytes": len(gml), "gml_members": gml.count(b"<tcs:cmline_2567 "), "json_returned": js["numberReturned"],
            "json_matched": js["numberMatched"], "json_features": len(js["features"])}


def wfs_paging(url, version):
    wfs = WebFeatureService(url + "/wfs", version=version)
    ids = []
    start = 0
    while True:
        page = json.loads(wfs.getfeature(typename=[LAYER], maxfeatures=100, startindex=start, outputFormat="application/json").read())
        ids += [f["id"] for f in page["features"]]
        start += page["numberReturned"]
        if not page["numberReturned"] or start >= page["numberMatched"]:
            return {"ids": len(ids), "distinct": len(set(ids)), "matched": page["numberMatched"]}


def wfs_storedqueries(url, version):
    wfs = WebFeatureService(url + "/wfs", version=version)
    queries = {q.id: [p.name for p in q.parameters] for q in wfs.storedqueries}
    first = json.loads(wfs.getfeature(typename=[LAYER], maxfeatures=1, outputFormat="application/json").read())["features"][0]["id"]
    by_id = wfs.getfeature(storedQueryID="urn:ogc:def:query:OGC-WFS::GetFeatureById", storedQueryParams={"ID": first}).read()
    # OWSLib 0.27 getpropertyvalue finds the capabilities' Get URL only with method="Get" (its default never matches)
    values = wfs.getpropertyvalue(typename=LAYER, valuereference="prv_name", method="Get", count=3)
    return {"queries": queries, "by_id_root": by_id.decode("utf-8").split("\n", 1)[1][:60], "id": first,
            "values": values.decode("utf-8").count("<wfs:member>")}


FES = {"2.0.0": ("http://www.opengis.net/fes/2.0", "ValueReference"), "1.1.0": ("http://www.opengis.net/ogc", "PropertyName")}


def wfs_post(url, version):
    """GetFeature as an XML POST (OWSLib's method="Post"): a filter and a page."""
    from owslib.etree import etree  # the element must come from OWSLib's own etree
    ns, ref = FES[version]
    text = (f'<f:Filter xmlns:f="{ns}"><f:PropertyIsLessThan><f:{ref}>gid</f:{ref}>'
            f'<f:Literal>150</f:Literal></f:PropertyIsLessThan></f:Filter>')
    # OWSLib 0.27: 2.0.0 takes the Filter element; 1.1.0 a string whose child is the Filter
    fes = etree.fromstring(text) if version == "2.0.0" else f"<wrap>{text}</wrap>"
    wfs = WebFeatureService(url + "/wfs", version=version)
    page = json.loads(wfs.getfeature(typename=[LAYER], filter=fes, maxfeatures=4, outputFormat="application/json", method="Post").read())
    return {"returned": page["numberReturned"], "matched": page["numberMatched"],
            "gids": [f["properties"]["gid"] for f in page["features"]]}


CHECKS = {f.__name__.replace("_", "-"): f for f in [wms_caps, wms_getmap, wms_getfeatureinfo, wfs_caps, wfs_getfeature, wfs_paging, wfs_storedqueries, wfs_post]}

if __name__ == "__main__":
    base, check = sys.argv[1], sys.argv[2]
    version = sys.argv[3] if len(sys.argv) > 3 else None
    try:
        print(json.dumps(CHECKS[check](base, version), ensure_ascii=False))
    except Exception as error:  # noqa: BLE001 - the test shows whatever OWSLib raised
        print(json.dumps({"error": f"{type(error).__name__}: {error}", "trace": traceback.format_exc()[-1500:]}))
        sys.exit(1)
