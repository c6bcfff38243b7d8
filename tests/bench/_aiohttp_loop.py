"""The Python baseline of the whole-process run benchmarks: the plain loop of _plain_loop.ts written
with aiohttp (one ClientSession, at most CONCURRENCY connections, kept alive), sending the same
request bodies (one JSON string per line of a file) to a URL, CONCURRENCY at a time, and reading
each response as text. Prints the requests per second from its first send to its last response.

    python3 _aiohttp_loop.py BODIES URL CONCURRENCY
"""

import asyncio
import json
import sys
import time

import aiohttp


async def main(path: str, url: str, concurrency: int) -> None:
    with open(path, encoding="utf-8") as f:
        bodies = [json.loads(line) for line in f if line.strip()]
    headers = {"Content-Type": "application/json"}
    next_index = 0
    connector = aiohttp.TCPConnector(limit=concurrency)
    async with aiohttp.ClientSession(connector=connector) as session:

        async def worker() -> None:
            nonlocal next_index
            while next_index < len(bodies):
                body = bodies[next_index]
                next_index += 1
                async with session.post(url, data=body.encode(), headers=headers) as response:
                    await response.text()

        started = time.perf_counter()
        await asyncio.gather(*(worker() for _ in range(concurrency)))
        elapsed = time.perf_counter() - started
    print(f"{len(bodies) / elapsed:.1f} req/s")


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2], int(sys.argv[3])))
