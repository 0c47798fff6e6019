http_port: 8443
