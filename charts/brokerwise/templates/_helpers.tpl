{{- define "brokerwise.name" -}}brokerwise-operator{{- end -}}
{{- define "brokerwise.labels" -}}
app.kubernetes.io/name: {{ include "brokerwise.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
{{- end -}}
{{/* An image from the chart's registry: (dict "registry" .Values.registry "image" .Values.image) gives
<registry>/<repository>:<tag>, or <repository>:<tag> when the registry is empty. */}}
{{- define "brokerwise.image" -}}
{{- with trimSuffix "/" .registry }}{{ . }}/{{ end }}{{ .image.repository }}:{{ .image.tag }}
{{- end -}}
{{- define "brokerwise.selector" -}}
app.kubernetes.io/name: {{ include "brokerwise.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end -}}
