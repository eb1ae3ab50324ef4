# Local stand-in for the official redis image (Debian's Redis 7.0): redis-server on 6379, data in /data.
ARG DEBIAN_IMAGE=district-local/debian:bookworm
FROM ${DEBIAN_IMAGE}
RUN apt-get update \
 && apt-get install -y --no-install-recommends redis-server \
 && rm -rf /var/lib/apt/lists/* \
 && mkdir -p /data && chown redis:redis /data
WORKDIR /data
USER redis
VOLUME /data
EXPOSE 6379
CMD ["redis-server", "--protected-mode", "no"]
