{{- define "brokerwise.name" -}}brokerwise-operator{{- end -}}
{{- define "brokerwise.labels" -}}
app.kubernetes.io/name: {{ include "brokerwise.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
{{- end -}}
{{- define "brokerwise.selector" -}}
app.kubernetes.io/name: {{ include "brokerwise.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end -}}
