"""One HTTP request with the standard library, for the adapters that call
their service directly (Azure, Baidu, Aliyun's speech gateway). A dropped or
refused connection and a timeout are worth another try (ttscommon.Retry)."""

import http.client
import socket
import urllib.error
import urllib.request

from ttscommon import Retry

TIMEOUT = 30


def post(url, body, headers):
    """Returns (status, headers, body); never raises for an HTTP status."""
    request = urllib.request.Request(url, data=body, headers=headers, method="POST")
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT) as response:
            return response.status, response.headers, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read()
    except (urllib.error.URLError, http.client.HTTPException, ConnectionError, socket.timeout, TimeoutError) as error:
        reason = getattr(error, "reason", error)
        raise Retry(f"no answer from {host(url)} ({reason})")


def host(url):
    return urllib.request.urlparse(url).netloc
