# The compose `monitoring` profile's images, from Debian packages (issue 21):
#   prometheus      Debian's prometheus (2.42) with the repository's config and alert rules
#   nginx-exporter  Debian's prometheus-nginx-exporter, reading the gateway's stub_status
#   grafana         Grafana is not packaged by Debian: this target adds Grafana's own apt
#                   repository (needs network to apt.grafana.com at build time), with the
#                   provisioned data source and dashboards (docs/decisions.md "Metrics and traces").
#   docker build -f deploy/docker/monitoring.Dockerfile --target prometheus -t district/prometheus .
ARG DEBIAN_IMAGE=debian:bookworm-slim

FROM ${DEBIAN_IMAGE} AS prometheus
# The package's web UI brings Debian's JavaScript libraries with their source maps and typings
# (/usr/share/nodejs): the UI needs neither, and no image ships them (deploy/test image checks).
RUN apt-get update \
 && apt-get install -y --no-install-recommends prometheus tini curl \
 && rm -rf /var/lib/apt/lists/* \
 && find /usr/share -xdev \( -name '*.map' -o -name '*.ts' \) -type f -delete
COPY deploy/monitoring/prometheus/prometheus.yml /etc/prometheus/prometheus.yml
COPY deploy/monitoring/prometheus/rules/ /etc/prometheus/rules/
USER prometheus
EXPOSE 9090
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s \
  CMD curl -fsS -o /dev/null http://127.0.0.1:9090/-/healthy || exit 1
ENTRYPOINT ["/usr/bin/tini", "--", "/usr/bin/prometheus"]
CMD ["--config.file=/etc/prometheus/prometheus.yml", "--storage.tsdb.path=/var/lib/prometheus/metrics2", "--storage.tsdb.retention.time=15d", "--web.listen-address=:9090"]

FROM ${DEBIAN_IMAGE} AS nginx-exporter
RUN apt-get update \
 && apt-get install -y --no-install-recommends prometheus-nginx-exporter tini curl \
 && rm -rf /var/lib/apt/lists/*
USER nobody
EXPOSE 9113
HEALTHCHECK --interval=10s --timeout=3s --start-period=10s \
  CMD curl -fsS -o /dev/null http://127.0.0.1:9113/metrics || exit 1
ENTRYPOINT ["/usr/bin/tini", "--", "/usr/bin/prometheus-nginx-exporter"]
CMD ["-nginx.scrape-uri=http://gateway:8081/stub_status"]

FROM ${DEBIAN_IMAGE} AS grafana
RUN apt-get update \
 && apt-get install -y --no-install-recommends ca-certificates curl gnupg \
 && curl -fsSL https://apt.grafana.com/gpg.key | gpg --dearmor -o /usr/share/keyrings/grafana.gpg \
 && echo 'deb [signed-by=/usr/share/keyrings/grafana.gpg] https://apt.grafana.com stable main' \
      > /etc/apt/sources.list.d/grafana.list \
 && apt-get update \
 && apt-get install -y --no-install-recommends grafana \
 && rm -rf /var/lib/apt/lists/*
COPY deploy/monitoring/grafana/provisioning/ /etc/grafana/provisioning/
COPY deploy/monitoring/grafana/dashboards/ /var/lib/grafana/dashboards/
USER grafana
EXPOSE 3000
WORKDIR /usr/share/grafana
ENTRYPOINT ["/usr/sbin/grafana-server", "--homepath=/usr/share/grafana", "--config=/etc/grafana/grafana.ini"]
